import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { videoMatchesQuery } from '@/api/queries/matches'
import { reviewKeys, settleDisagreement } from '@/api/queries/review'
import { videoKeys } from '@/api/queries/videos'
import type { Reviewers } from '@/api/review'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { linkClasses } from '@/components/ui/control-styles'
import { InlineError } from '@/components/ui/inline-error'
import { useToast } from '@/components/ui/toast'

type Disagreement = Reviewers['disagreements'][number]

/**
 * One video the two reviews differ on: what each reviewer accepted, by product name, and for an
 * admin the products to settle on (those the two accepted are ticked to start with, and any other
 * suggestion of the video can be chosen).
 */
export function DisagreementItem({ item, canSettle }: { item: Disagreement; canSettle: boolean }) {
  const matches = useQuery(videoMatchesQuery(item.video_id))
  const names = new Map(
    (matches.data?.matches ?? []).map((match) => [match.product.id, match.product.name]),
  )
  const nameOf = (id: string) => names.get(id) ?? id
  const headingId = useId()
  const sides = [item.first, item.second] as const
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="font-medium text-slate-900">
        <Link to="/videos/$videoId" params={{ videoId: item.video_id }} className={linkClasses}>
          {item.caption ?? `Video ${item.video_id}`}
        </Link>
      </h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {sides.map((side, i) => (
          <div key={i === 0 ? 'first' : 'second'}>
            <dt className="font-medium text-slate-900">
              {i === 0 ? 'First review' : 'Second review'}: {side.email}
            </dt>
            <dd className="text-slate-700">
              {side.accepted.length === 0
                ? 'Accepted none'
                : `Accepted ${side.accepted.map(nameOf).join(', ')}`}
            </dd>
          </div>
        ))}
      </dl>
      {canSettle ? (
        <SettleForm
          item={item}
          choices={[
            ...new Set([
              ...item.first.accepted,
              ...item.second.accepted,
              ...(matches.data?.matches ?? []).map((match) => match.product.id),
            ]),
          ]}
          nameOf={nameOf}
        />
      ) : null}
    </li>
  )
}

function SettleForm({
  item,
  choices,
  nameOf,
}: {
  item: Disagreement
  choices: readonly string[]
  nameOf: (id: string) => string
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [chosen, setChosen] = useState(
    () => new Set(item.first.accepted.filter((id) => item.second.accepted.includes(id))),
  )
  const settle = useMutation({
    mutationFn: () => settleDisagreement(item.video_id, [...chosen]),
    onSuccess: async () => {
      toast(
        chosen.size === 0
          ? 'Settled: no product accepted'
          : `Settled: ${[...chosen].map(nameOf).join(', ')} accepted`,
      )
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: videoKeys.matches(item.video_id) }),
      ])
    },
  })
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <form
      className="space-y-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault()
        settle.mutate()
      }}
    >
      <fieldset className="space-y-1">
        <legend className="font-medium text-slate-900">
          Settle: the products this video shows
        </legend>
        {choices.map((id) => (
          <label key={id} className="flex items-center gap-2">
            <Checkbox checked={chosen.has(id)} onChange={() => toggle(id)} />
            {nameOf(id)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" busy={settle.isPending} busyLabel="Settling…">
        Settle
      </Button>
      {settle.isError ? (
        <InlineError>Not settled: {describeError(settle.error).detail}</InlineError>
      ) : null}
    </form>
  )
}
