import { accessValues, type Condition, videoStates } from '@/api/rules'
import { StoreSelect } from '@/components/store-select'
import { FieldShell } from '@/components/ui/field'
import { accessLabels } from '@/lib/video-facts'
import { opsOf } from './condition-catalog'
import { useLockReason } from './edit-lock'
import { Amount, LockedSelect, Words } from './locked-inputs'
import { ProductChoice } from './product-choice'

type ErrorOf = (part: 'op' | 'value' | 'min_score') => string | undefined

const stateLabels = { draft: 'Draft', scheduled: 'Scheduled', live: 'Live', archived: 'Archived' }

// A condition's test and value, with the input its field needs: words, a number, a day, a store,
// a product, a state. Each change hands back the whole condition.
export function ConditionValue({
  id,
  condition,
  onChange,
  errorOf,
}: {
  id: string
  condition: Condition
  onChange: (condition: Condition) => void
  errorOf: ErrorOf
}) {
  const ops = opsOf(condition)
  return (
    <div className="flex flex-wrap items-start gap-2">
      <FieldShell id={`${id}-op`} label="Test" error={errorOf('op')} className="min-w-40">
        {(a11y) => (
          <LockedSelect
            a11y={a11y}
            value={condition.op}
            ops={ops}
            onChange={(op) => onChange(withOp(condition, op))}
          />
        )}
      </FieldShell>
      <ValueInput id={id} condition={condition} onChange={onChange} errorOf={errorOf} />
    </div>
  )
}

/** A new test keeps the value where it still fits; a date swaps between days and a day. */
function withOp(condition: Condition, op: string): Condition {
  if (condition.field === 'created_at' || condition.field === 'published_at') {
    const days = op === 'within_days'
    const fits = days === (typeof condition.value === 'number')
    const value = fits ? condition.value : days ? 7 : new Date().toISOString().slice(0, 10)
    return { ...condition, op, value } as Condition
  }
  return { ...condition, op } as Condition
}

function ValueInput({
  id,
  condition,
  onChange,
  errorOf,
}: {
  id: string
  condition: Condition
  onChange: (condition: Condition) => void
  errorOf: ErrorOf
}) {
  const valueId = `${id}-value`
  const set = (value: unknown) => onChange({ ...condition, value } as Condition)
  const error = errorOf('value')
  const lock = useLockReason()
  switch (condition.field) {
    case 'product_stock':
      return null
    case 'product':
      return (
        <div className="min-w-72 flex-1">
          <ProductChoice
            id={valueId}
            label="Product"
            single
            value={condition.value ? [condition.value] : []}
            onChange={(ids) => set(ids[0] ?? '')}
            error={error}
          />
        </div>
      )
    case 'product_facet':
      if (condition.facet === 'store')
        return lock ? (
          <Words id={valueId} label="Store" value={condition.value} error={error} />
        ) : (
          <div className="min-w-56">
            <StoreSelect id={valueId} value={condition.value} onChange={set} />
          </div>
        )
      return (
        <Words
          id={valueId}
          label={condition.facet === 'brand' ? 'Brand' : 'Category'}
          value={condition.value}
          onChange={set}
          error={error}
        />
      )
    case 'state':
    case 'access': {
      const choices =
        condition.field === 'state'
          ? videoStates.map((state) => [state, stateLabels[state]] as const)
          : accessValues.map((access) => [access, accessLabels[access]] as const)
      return (
        <FieldShell id={valueId} label="Value" error={error} className="min-w-40">
          {(a11y) => (
            <LockedSelect a11y={a11y} value={condition.value} ops={choices} onChange={set} />
          )}
        </FieldShell>
      )
    }
    case 'created_at':
    case 'published_at':
      return typeof condition.value === 'number' || condition.op === 'within_days' ? (
        <Amount id={valueId} label="Days" value={condition.value} onChange={set} error={error} />
      ) : (
        <Words
          id={valueId}
          label="Day"
          type="date"
          value={String(condition.value)}
          onChange={set}
          error={error}
        />
      )
    case 'pending_suggestions':
      return (
        <>
          <Amount
            id={valueId}
            label="How many"
            value={condition.value}
            onChange={set}
            error={error}
          />
          <Amount
            id={`${id}-min-score`}
            label="Scoring at least"
            value={condition.min_score}
            onChange={(min_score) => onChange({ ...condition, min_score } as Condition)}
            error={errorOf('min_score')}
          />
        </>
      )
    case 'product_price':
    case 'product_count':
    case 'poster_count':
    case 'duration':
      return (
        <Amount
          id={valueId}
          label={amountLabels[condition.field]}
          value={condition.value}
          onChange={set}
          error={error}
        />
      )
    default:
      return (
        <Words
          id={valueId}
          label={
            condition.field === 'hashtag'
              ? 'Hashtag'
              : condition.op === 'matches'
                ? 'Pattern'
                : 'Words'
          }
          hint={
            condition.field === 'hashtag'
              ? 'With or without #.'
              : condition.op === 'matches'
                ? 'A regular expression, ignoring case.'
                : undefined
          }
          value={condition.value}
          onChange={set}
          error={error}
        />
      )
  }
}

const amountLabels = {
  product_price: 'Price',
  product_count: 'Products',
  poster_count: 'Posters',
  duration: 'Seconds',
}
