import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { deleteRule, ruleKeys } from '@/api/queries/rules'
import type { Rule } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'

// Deleting a rule, asked first: it stops running; its runs and history stay readable in the traces.
export function DeleteRule({ rule, reason }: { rule: Rule; reason: string | undefined }) {
  const [asking, setAsking] = useState(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const remove = useMutation({
    mutationFn: () => deleteRule(rule.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ruleKeys.rule(rule.id) })
      void queryClient.invalidateQueries({ queryKey: ruleKeys.lists() })
      toast(`Deleted “${rule.name}”.`, { tone: 'success' })
      void navigate({ to: '/rules', ignoreBlocker: true })
    },
    onError: (error) => {
      setAsking(false)
      const { title, detail } = describeError(error)
      toast(`Not deleted. ${title}: ${detail}`, { tone: 'danger' })
    },
  })
  return (
    <div>
      <Button variant="danger" unavailableReason={reason} onClick={() => setAsking(true)}>
        Delete rule
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Delete “${rule.name}”?`}
          confirmLabel="Delete rule"
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setAsking(false)}
        >
          <p>
            It stops running at once. What it already did stays, and its runs stay in the traces.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
