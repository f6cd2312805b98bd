import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useState } from 'react'
import { autoAcceptSettingsQuery, reviewKeys, saveAutoAcceptSettings } from '@/api/queries/review'
import { meQuery } from '@/api/queries/session'
import type { AutoAcceptChange, AutoAcceptSettings } from '@/api/review'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { FieldShell } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'
import { TextInput } from '@/components/ui/text-input'
import { formatDateTime } from '@/lib/format'
import {
  auditWords,
  eligibilityWords,
  percentWords,
  stateWords,
  targetError,
  targetOf,
} from './auto-accept-words'

const notOffered = "Not offered until the team's decisions support it at this threshold and target"

export const adminsOnly =
  'Only admins turn auto-accept on or change it, since it decides for the whole team'

/**
 * Auto-accept for the team, beside the threshold picker: the target precision, whether the team's
 * decisions support it at the picked threshold (in words), the switch, its pause and the blind
 * audit's figures. Everyone reads it; only admins change it (the others are told why).
 */
export function AutoAcceptPanel({ threshold, floor }: { threshold: number; floor: number | null }) {
  const queryClient = useQueryClient()
  const { data: me } = useQuery(meQuery())
  const [typed, setTyped] = useState<string | null>(null)
  const saved = useQuery(autoAcceptSettingsQuery()).data
  const target = typed === null ? (saved?.target ?? null) : targetOf(typed)
  // Judged at the picker's value once it stops moving, not at every step of a drag.
  const judgedThreshold = useDeferredValue(threshold)
  const at = { threshold: judgedThreshold, ...(target === null ? {} : { target }) }
  const judging = useQuery({ ...autoAcceptSettingsQuery(at), enabled: saved !== undefined })
  const judged = judging.data
  const checking = judging.isPlaceholderData || !judged
  const save = useMutation({
    mutationFn: (change: AutoAcceptChange) => saveAutoAcceptSettings(change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.settings() }),
  })
  useEffect(() => {
    if (saved && typed === null) setTyped(percentWords(saved.target).replace('%', ''))
  }, [saved, typed])

  const readOnly = me?.role !== 'admin'
  const settings = judged ?? saved
  if (!settings)
    return (
      <Panel title="Auto-accept">
        <p className="text-sm text-slate-700">Reading auto-accept's setting…</p>
      </Panel>
    )
  const on = settings.enabled && !settings.paused
  const changing =
    floor !== null &&
    target !== null &&
    (settings.threshold !== threshold || settings.floor !== floor || settings.target !== target)
  const blocked = readOnly
    ? adminsOnly
    : floor === null
      ? 'Choose a floor at or below the threshold first'
      : target === null
        ? targetError
        : checking
          ? 'Checking the decisions at this threshold…'
          : settings.eligibility.eligible
            ? undefined
            : notOffered
  const send = (enabled: boolean) =>
    floor !== null && target !== null && save.mutate({ enabled, target, threshold, floor })

  return (
    <Panel title="Auto-accept">
      <p className="text-sm">{stateWords(settings)}</p>
      {settings.updated_by && settings.updated_at ? (
        <p className="text-xs text-slate-600">
          Last changed by {settings.updated_by}, {formatDateTime(settings.updated_at)}.
        </p>
      ) : null}
      {settings.paused ? <PausedCallout paused={settings.paused} /> : null}
      {readOnly ? <p className="text-sm text-slate-700">{adminsOnly}; you see its state.</p> : null}
      <FieldShell
        id="auto-accept-target"
        label="Target precision (%)"
        hint="The share of what auto-accept accepts that must be right; 95% unless the team chooses otherwise."
        error={typed !== null && target === null ? targetError : null}
      >
        {(a11y) => (
          <TextInput
            {...a11y}
            inputMode="decimal"
            className="w-24"
            readOnly={readOnly}
            value={typed ?? ''}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </FieldShell>
      <p className="text-sm">
        With the picker's threshold of {threshold} and floor of {floor ?? '–'}:{' '}
        <span aria-live="polite">
          {checking
            ? `checking the decisions at ${threshold} and above…`
            : eligibilityWords(at.threshold, settings.eligibility)}
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <AutoAcceptSwitch
          on={on}
          busy={save.isPending}
          reason={on ? (readOnly ? adminsOnly : undefined) : blocked}
          onSwitch={() => send(!on)}
        />
        {on && changing ? (
          <Button busy={save.isPending} unavailableReason={blocked} onClick={() => send(true)}>
            Use {threshold} and {floor} at {target === null ? '' : percentWords(target)}
          </Button>
        ) : null}
      </div>
      {save.isError ? (
        <Callout tone="danger" role="alert" title="Not changed">
          {save.error.message}
        </Callout>
      ) : null}
      <p className="text-sm text-slate-700">{auditWords(settings.audit, settings.target)}</p>
    </Panel>
  )
}

function PausedCallout({ paused }: { paused: NonNullable<AutoAcceptSettings['paused']> }) {
  return (
    <Callout tone="warning" title={`Auto-accept paused itself, ${formatDateTime(paused.at)}`}>
      {paused.reason} Switching it on again resumes it and starts a fresh audit, if the team's
      decisions support it.
    </Callout>
  )
}

function AutoAcceptSwitch({
  on,
  busy,
  reason,
  onSwitch,
}: {
  on: boolean
  busy: boolean
  reason: string | undefined
  onSwitch: () => void
}) {
  return (
    <Button
      role="switch"
      aria-checked={on}
      busy={busy}
      unavailableReason={reason}
      onClick={onSwitch}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-7 rounded-full p-0.5 ${on ? 'bg-emerald-700' : 'bg-slate-400'}`}
      >
        <span className={`block size-3 rounded-full bg-white ${on ? 'translate-x-3' : ''}`} />
      </span>
      Auto-accept
    </Button>
  )
}
