import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ruleKeys } from '@/api/queries/rules'
import type { Rule } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { useToast } from '@/components/ui/toast'

/**
 * A change to a saved rule (switching, following, reverting): the answer becomes the rule in the
 * cache, and the lists and its history are read again; a refusal is said in a toast.
 */
export function useRuleChange<TVariables>(
  change: (variables: TVariables) => Promise<Rule>,
  done: (rule: Rule, variables: TVariables) => string,
) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: change,
    onSuccess: (rule, variables) => {
      queryClient.setQueryData(ruleKeys.rule(rule.id), rule)
      void queryClient.invalidateQueries({ queryKey: ruleKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: ruleKeys.versions(rule.id) })
      toast(done(rule, variables), { tone: 'success', kind: `rule:${rule.id}` })
    },
    onError: (error) => {
      const { title, detail } = describeError(error)
      toast(`${title}: ${detail}`, { tone: 'danger' })
    },
  })
}
