import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { changeDecision, reviewKeys } from '@/api/queries/review'
import { videoKeys } from '@/api/queries/videos'
import type { LedgerEntry, ReviewDecision } from '@/api/review'
import { describeError } from '@/components/error-panel'
import { asSentence } from '@/lib/format'

interface Change {
  entry: LedgerEntry
  decision: ReviewDecision
  /** The product as the panel names it, for the outcome's words. */
  name: string
}

const words = { accepted: 'accepted', rejected: 'rejected' } as const

/**
 * Changes one of the person's last ten decisions: shown at once, put back with the reason if the
 * dashboard or the service refuses. The change is a new ledger row (the old one undone), so the
 * list is read again after it either way.
 */
export function useChangeDecision() {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<{ id: string; failed: boolean; said: string } | null>(null)
  const mutation = useMutation({
    mutationFn: ({ entry, decision }: Change) => changeDecision(entry.id, decision),
    onMutate: async ({ entry, decision }) => {
      await queryClient.cancelQueries({ queryKey: reviewKeys.recent() })
      const before = queryClient.getQueryData<LedgerEntry[]>(reviewKeys.recent())
      queryClient.setQueryData<LedgerEntry[]>(reviewKeys.recent(), (list) =>
        list?.map((each) => (each.id === entry.id ? { ...each, decision } : each)),
      )
      setOutcome(null)
      return { before }
    },
    onError: (error, { entry, name }, context) => {
      if (context?.before) queryClient.setQueryData(reviewKeys.recent(), context.before)
      setOutcome({
        id: entry.id,
        failed: true,
        said: `Not changed: ${asSentence(describeError(error).detail)} ${name} stays ${words[entry.decision]}.`,
      })
    },
    onSuccess: (_answer, { entry, decision, name }) =>
      setOutcome({
        id: entry.id,
        failed: false,
        said: `Changed: ${name} is now ${words[decision]}.`,
      }),
    onSettled: (_answer, _error, { entry }) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.decisions() })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.insights(), refetchType: 'none' })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.queues(), refetchType: 'none' })
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(entry.video_id) })
    },
  })
  return {
    change: mutation.mutate,
    pending: mutation.isPending ? mutation.variables : undefined,
    outcome,
  }
}
