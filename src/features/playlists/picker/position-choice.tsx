import { RadioGroup } from '@/components/ui/choice-group'
import { TextInput } from '@/components/ui/text-input'

export type Placement = { at: 'top' } | { at: 'bottom' } | { at: 'position'; position: number }

/** The service's 0-based insert index for a placement; null appends. */
export const insertIndex = (placement: Placement): number | null =>
  placement.at === 'top' ? 0 : placement.at === 'bottom' ? null : placement.position - 1

// Where new videos go: the top, the bottom, or a position counted from 1 as the list shows it.
export function PositionChoice({
  value,
  onChange,
  playlistLength,
  allowPosition = true,
}: {
  value: Placement
  onChange: (placement: Placement) => void
  playlistLength: number
  allowPosition?: boolean
}) {
  const last = playlistLength + 1
  return (
    <div className="flex flex-wrap items-end gap-3">
      <RadioGroup
        legend="Add them"
        layout="row"
        value={value.at}
        onValueChange={(at) =>
          onChange(at === 'position' ? { at, position: Math.min(2, last) } : { at })
        }
        options={[
          { value: 'top', label: 'At the top' },
          { value: 'bottom', label: 'At the bottom' },
          ...(allowPosition ? [{ value: 'position' as const, label: 'At position' }] : []),
        ]}
      />
      {value.at === 'position' ? (
        <TextInput
          type="number"
          aria-label={`Position, 1 to ${last}`}
          min={1}
          max={last}
          controlSize="sm"
          className="w-24"
          value={value.position}
          onChange={(event) => {
            const position = Math.round(Number(event.target.value))
            if (Number.isFinite(position))
              onChange({ at: 'position', position: Math.min(Math.max(position, 1), last) })
          }}
        />
      ) : null}
    </div>
  )
}
