import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { InlineError } from '@/components/ui/inline-error'
import { TextInput } from '@/components/ui/text-input'
import { safeHttpUrl } from '@/lib/format'
import { type Poster, posterLabel } from './poster-order'

// One poster: the picture at its own aspect ratio, what it is, its weight, and its actions.
export function PosterRow({
  poster,
  position,
  busy,
  weightReason,
  deleteReason,
  onWeight,
  onDelete,
}: {
  poster: Poster
  // 1-based, in the order the player serves them.
  position: number
  busy: boolean
  /** Why the role cannot change the weight, or delete the poster. */
  weightReason: string | undefined
  deleteReason: string | undefined
  onWeight: (weight: number) => void
  onDelete: () => void
}) {
  const [adjusting, setAdjusting] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const src = safeHttpUrl(poster.url)
  const label = posterLabel(poster, position)
  const first = position === 1
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-start gap-3">
      {src ? (
        <img
          src={src}
          alt={label}
          width={poster.width}
          height={poster.height}
          loading="lazy"
          className="h-24 w-auto max-w-32 shrink-0 rounded border border-slate-200 bg-slate-100 object-contain"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          {first ? <Badge tone="success">Shown first</Badge> : null}
          <span className="font-medium">
            Weight {poster.weight === null ? 'not set' : poster.weight}
          </span>
        </p>
        <p className="text-xs text-slate-700">
          {poster.format.toUpperCase()} · {poster.video_poster_type} · {poster.width}×
          {poster.height}
          {poster.aspect_ratio ? ` (${poster.aspect_ratio})` : ''} · source{' '}
          {poster.source ?? 'unknown'}
          {poster.external_id ? ` · external id ${poster.external_id}` : ''}
        </p>
        {adjusting ? (
          <WeightEditor
            initial={poster.weight ?? 0.5}
            label={label}
            busy={busy}
            onSave={(weight) => {
              onWeight(weight)
              setAdjusting(false)
            }}
            onCancel={() => setAdjusting(false)}
          />
        ) : null}
      </div>
      <div className="flex gap-1">
        <Button
          size="sm"
          variant="quiet"
          unavailableReason={weightReason}
          onClick={() => setAdjusting(!adjusting)}
        >
          Adjust weight<span className="sr-only"> of {label}</span>
        </Button>
        <Button
          size="sm"
          variant="quiet"
          unavailableReason={deleteReason}
          onClick={() => setConfirming(true)}
        >
          Delete<span className="sr-only"> {label}</span>
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${label}?`}
          confirmLabel="Delete poster"
          tone="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            onDelete()
          }}
        >
          The player stops serving it. Other posters keep their weights.
        </ConfirmDialog>
      ) : null}
    </div>
  )
}

// A fine adjustment: a slider and a number, the same value, 0 to 1.
function WeightEditor({
  initial,
  label,
  busy,
  onSave,
  onCancel,
}: {
  initial: number
  label: string
  busy: boolean
  onSave: (weight: number) => void
  onCancel: () => void
}) {
  const [weight, setWeight] = useState(initial)
  const id = useId()
  const valid = Number.isFinite(weight) && weight >= 0 && weight <= 1
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2">
      <label htmlFor={`${id}-range`} className="text-sm">
        Weight of {label}
      </label>
      <input
        id={`${id}-range`}
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={valid ? weight : 0}
        onChange={(event) => setWeight(Number(event.target.value))}
        className="w-40 accent-indigo-700"
      />
      <TextInput
        type="number"
        aria-label={`Weight of ${label}, 0 to 1`}
        min={0}
        max={1}
        step={0.01}
        controlSize="sm"
        className="w-24"
        value={Number.isFinite(weight) ? weight : ''}
        onChange={(event) => setWeight(event.target.valueAsNumber)}
        aria-invalid={!valid}
      />
      <Button
        size="sm"
        variant="primary"
        disabled={!valid}
        busy={busy}
        onClick={() => onSave(weight)}
      >
        Save weight
      </Button>
      <Button size="sm" variant="quiet" onClick={onCancel}>
        Cancel
      </Button>
      {valid ? null : <InlineError className="w-full">Enter a weight from 0 to 1.</InlineError>}
    </div>
  )
}
