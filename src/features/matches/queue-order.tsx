import { type QueueOrder, queueOrders } from '@/api/review'
import { labelClasses } from '@/components/ui/control-styles'
import { Select } from '@/components/ui/select'

export const orderWords: Record<QueueOrder, string> = {
  nearest: 'nearest the threshold first',
  score: 'highest score first',
  oldest: 'oldest first',
}

const optionWords: Record<QueueOrder, string> = {
  nearest: 'Nearest the threshold first',
  score: 'Highest score first',
  oldest: 'Oldest first',
}

/** The queue's order: nearest the threshold (where judgement is worth most), a sweep by score, or age. */
export function QueueOrderSelect({
  order,
  threshold,
  onChange,
}: {
  order: QueueOrder
  threshold: number | null
  onChange: (order: QueueOrder) => void
}) {
  return (
    <label className="flex items-center gap-2">
      <span className={labelClasses}>Order</span>
      <Select
        className="w-auto"
        controlSize="sm"
        value={order}
        onChange={(event) => {
          const chosen = queueOrders.find((each) => each === event.currentTarget.value)
          if (chosen) onChange(chosen)
        }}
      >
        {queueOrders.map((each) => (
          <option key={each} value={each} disabled={each === 'nearest' && threshold === null}>
            {optionWords[each]}
            {each === 'nearest' && threshold === null ? ' (no threshold set)' : ''}
          </option>
        ))}
      </Select>
    </label>
  )
}
