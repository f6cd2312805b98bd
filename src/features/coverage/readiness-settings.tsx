import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { dashboardApi } from '@/api/dashboard-api'
import { type ReadinessCheck, readinessChecks, readinessSettingsSchema } from '@/api/merch-index'
import { readinessSettingsQuery } from '@/api/queries/merch-index'
import { indexKeys } from '@/api/queries/merch-index-keys'
import { meQuery } from '@/api/queries/session'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { InlineError } from '@/components/ui/inline-error'
import { useToast } from '@/components/ui/toast'

const labels: Record<ReadinessCheck, string> = {
  caption: 'No caption',
  product: 'No product tagged',
  broken_tag: 'A tag that no longer sells',
  poster: 'No poster',
  subtitles: 'No subtitles',
}

/** For admins: what publishing or scheduling a video asks about first, for the whole team. */
export function ReadinessSettings() {
  const { data: me } = useSuspenseQuery(meQuery())
  const settings = useQuery({ ...readinessSettingsQuery(), enabled: me.role === 'admin' })
  if (me.role !== 'admin' || !settings.data) return null
  return <SettingsForm required={settings.data.required} />
}

function SettingsForm({ required }: { required: readonly ReadinessCheck[] }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [chosen, setChosen] = useState(new Set(required))
  const save = useMutation({
    mutationFn: () =>
      dashboardApi('/api/dashboard/settings/readiness', {
        method: 'PUT',
        body: { required: readinessChecks.filter((check) => chosen.has(check)) },
        schema: readinessSettingsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(indexKeys.readinessSettings(), saved)
      toast('Readiness checks saved for the team')
    },
  })
  const toggle = (check: ReadinessCheck) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(check)) next.delete(check)
      else next.add(check)
      return next
    })
  return (
    <form
      className="space-y-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <fieldset className="space-y-1">
        <legend className="font-semibold text-slate-900">
          Before a video is published or scheduled, ask about
        </legend>
        {readinessChecks.map((check) => (
          <label key={check} className="flex items-center gap-2">
            <Checkbox checked={chosen.has(check)} onChange={() => toggle(check)} />
            {labels[check]}
          </label>
        ))}
      </fieldset>
      <Button size="sm" type="submit" busy={save.isPending} busyLabel="Saving…">
        Save checks
      </Button>
      {save.isError ? (
        <InlineError>The checks were not saved: {describeError(save.error).detail}</InlineError>
      ) : null}
    </form>
  )
}
