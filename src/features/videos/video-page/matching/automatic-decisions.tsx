import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { reviewKeys, undoBatch, videoLedgerQuery } from '@/api/queries/review'
import { meQuery } from '@/api/queries/session'
import { videoKeys } from '@/api/queries/videos'
import type { LedgerEntry } from '@/api/review'
import { roleAllows } from '@/api/roles'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { formatDateTime } from '@/lib/format'

export const undoReason = "Editors can undo auto-accept's decisions"

interface Settle {
  batchId: string
  at: string
  undoneAt: string | null
  accepted: LedgerEntry[]
  rejected: LedgerEntry[]
}

/** The ledger's automatic rows, by the settle that made them, newest first. */
function settlesOf(rows: readonly LedgerEntry[]): Settle[] {
  const byBatch = new Map<string, Settle>()
  for (const row of rows) {
    if (row.source !== 'auto' && row.source !== 'floor') continue
    const settle = byBatch.get(row.batch_id) ?? {
      batchId: row.batch_id,
      at: row.decided_at,
      undoneAt: row.undone_at,
      accepted: [],
      rejected: [],
    }
    settle[row.decision].push(row)
    byBatch.set(row.batch_id, settle)
  }
  return [...byBatch.values()]
}

/**
 * What auto-accept decided on this video, from the dashboard's ledger, with an Undo for each
 * settle (editors): the products it accepted come off the video's tags, and its rows stay in the
 * ledger marked undone. Read again whenever the video's suggestions are.
 */
export function AutomaticDecisions({
  videoId,
  matches,
  matchesReadAt,
}: {
  videoId: string
  matches: readonly ProductMatch[]
  /** When the suggestions were last read: a settle changes them, so the ledger is read again. */
  matchesReadAt: number
}) {
  const queryClient = useQueryClient()
  const headingId = useId()
  const { data: me } = useQuery(meQuery())
  const ledger = useQuery(videoLedgerQuery(videoId))
  useEffect(() => {
    if (matchesReadAt > 0)
      void queryClient.invalidateQueries({ queryKey: reviewKeys.videoLedger(videoId) })
  }, [matchesReadAt, queryClient, videoId])
  const undo = useMutation({
    mutationFn: (batchId: string) => undoBatch(batchId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.videoLedger(videoId) }),
        queryClient.invalidateQueries({ queryKey: videoKeys.matches(videoId) }),
        queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true }),
      ]),
  })
  const settles = settlesOf(ledger.data ?? [])
  if (settles.length === 0) return null
  const names = new Map(matches.map((match) => [match.product.id, match.product.name]))
  const listed = (rows: LedgerEntry[]) =>
    rows.map((row) => `${names.get(row.product_id) ?? row.product_id} (${row.score})`).join(', ')
  const reason = me && !roleAllows(me.role, 'editor') ? undoReason : undefined
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Decided by auto-accept
      </h3>
      <ul className="space-y-2">
        {settles.map((settle) => (
          <li
            key={settle.batchId}
            className="space-y-1 rounded-md border border-slate-200 p-2 text-sm"
          >
            <p>
              {settle.accepted.length > 0 ? `Accepted ${listed(settle.accepted)}. ` : ''}
              {settle.rejected.length > 0
                ? `Rejected below the floor ${listed(settle.rejected)}. `
                : ''}
              <span className="text-slate-600">{formatDateTime(settle.at)}</span>
            </p>
            {settle.undoneAt ? (
              <p className="text-slate-700">Undone {formatDateTime(settle.undoneAt)}.</p>
            ) : (
              <Button
                size="sm"
                busy={undo.isPending && undo.variables === settle.batchId}
                busyLabel="Undoing…"
                unavailableReason={reason}
                aria-label={`Undo auto-accept's decisions of ${formatDateTime(settle.at)}`}
                onClick={() => undo.mutate(settle.batchId)}
              >
                Undo
              </Button>
            )}
          </li>
        ))}
      </ul>
      {undo.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          Undone: what auto-accept accepted is off the video's products.
        </p>
      ) : null}
      {undo.isError ? (
        <Callout tone="danger" role="alert" title="Not undone">
          {undo.error.message}
        </Callout>
      ) : null}
    </section>
  )
}
