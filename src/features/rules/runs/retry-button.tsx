import { useMutation, useQueryClient } from '@tanstack/react-query'
import { retryRun, ruleKeys } from '@/api/queries/rules'
import type { RuleRun } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { useRulePermissions } from '../rule-permissions'

// Tries a run's failed steps again, with the event the run started from (editors). The runs are
// read again, so the run shows running, then how it went.
export function RetryButton({ run }: { run: RuleRun }) {
  const { retry: reason } = useRulePermissions()
  const queryClient = useQueryClient()
  const toast = useToast()
  const retry = useMutation({
    mutationFn: () => retryRun(run.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(ruleKeys.run(run.id), answer)
      void queryClient.invalidateQueries({ queryKey: ruleKeys.runLists() })
      toast('Trying the failed steps again.', { tone: 'info' })
    },
    onError: (error) => toast(`Not retried: ${describeError(error).detail}`, { tone: 'danger' }),
  })
  return (
    <Button
      unavailableReason={reason}
      busy={retry.isPending}
      busyLabel="Retrying…"
      onClick={() => retry.mutate()}
    >
      Retry failed steps
    </Button>
  )
}
