import type { RuleAction } from '@/api/rules'
import { FieldShell } from '@/components/ui/field'
import { TextArea } from '@/components/ui/text-input'
import { useLockedA11y } from './edit-lock'
import { Amount, LockedSelect } from './locked-inputs'
import { PlaylistChoice } from './playlist-choice'
import { ProductChoice } from './product-choice'

export const actionTypes = [
  ['playlist_add', 'Add to a playlist'],
  ['playlist_remove', 'Remove from a playlist'],
  ['tag', 'Tag products'],
  ['untag', 'Untag products'],
  ['tag_suggestions', "Tag the AI's suggestions"],
  ['start_matching', 'Start AI product matching'],
  ['publish', 'Publish'],
  ['schedule', 'Schedule publishing'],
  ['unpublish', 'Unpublish'],
  ['archive', 'Archive'],
  ['notify', 'Notify the followers'],
] as const satisfies readonly (readonly [RuleAction['type'], string])[]

/** What an action of each type starts as, once picked. */
export function startOf(type: RuleAction['type']): RuleAction {
  switch (type) {
    case 'playlist_add':
      return { type, playlist_id: '', position: 'top' }
    case 'playlist_remove':
      return { type, playlist_id: '' }
    case 'tag':
    case 'untag':
      return { type, product_ids: [] }
    case 'tag_suggestions':
      return { type, min_score: 90 }
    case 'schedule':
      return { type, after_hours: 24 }
    case 'notify':
      return { type, message: '' }
    default:
      return { type }
  }
}

type ErrorOf = (part: string) => string | undefined

// The settings of one action, as its type needs: a playlist and where in it, products, a score,
// hours, a message.
export function ActionFields({
  id,
  channelId,
  action,
  onChange,
  errorOf,
}: {
  id: string
  channelId: string
  action: RuleAction
  onChange: (action: RuleAction) => void
  errorOf: ErrorOf
}) {
  switch (action.type) {
    case 'playlist_add':
    case 'playlist_remove':
      return (
        <div className="flex flex-wrap items-start gap-2">
          <PlaylistChoice
            id={`${id}-playlist`}
            channelId={channelId}
            value={action.playlist_id}
            onChange={(playlist_id) => onChange({ ...action, playlist_id })}
            error={errorOf('playlist_id')}
          />
          {action.type === 'playlist_add' ? (
            <Position
              id={`${id}-position`}
              value={action.position}
              onChange={(position) => onChange({ ...action, position })}
              error={errorOf('position')}
            />
          ) : null}
        </div>
      )
    case 'tag':
    case 'untag':
      return (
        <ProductChoice
          id={`${id}-products`}
          label={action.type === 'tag' ? 'Products to tag' : 'Products to untag'}
          value={action.product_ids}
          onChange={(product_ids) => onChange({ ...action, product_ids })}
          error={errorOf('product_ids')}
        />
      )
    case 'tag_suggestions':
      return (
        <Amount
          id={`${id}-score`}
          label="Scoring at least"
          value={action.min_score}
          onChange={(min_score) => onChange({ ...action, min_score } as RuleAction)}
          error={errorOf('min_score')}
        />
      )
    case 'schedule':
      return (
        <Amount
          id={`${id}-hours`}
          label="Hours after the run"
          value={action.after_hours}
          onChange={(after_hours) => onChange({ ...action, after_hours } as RuleAction)}
          error={errorOf('after_hours')}
        />
      )
    case 'notify':
      return (
        <FieldShell
          id={`${id}-message`}
          label="Message"
          hint="Sent to everyone who follows this rule."
          error={errorOf('message')}
        >
          {(a11y) => (
            <Message
              a11y={a11y}
              value={action.message}
              onChange={(message) => onChange({ ...action, message })}
            />
          )}
        </FieldShell>
      )
    default:
      return null
  }
}

function Message({
  a11y,
  value,
  onChange,
}: {
  a11y: Parameters<typeof useLockedA11y>[0]
  value: string
  onChange: (message: string) => void
}) {
  const locked = useLockedA11y(a11y)
  return (
    <TextArea
      {...locked}
      rows={2}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

type Where = 'top' | 'bottom' | number | string

/** Top, bottom, or a position counted from 1 (kept from 0, as the service counts). */
function Position({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: Where
  onChange: (position: 'top' | 'bottom' | number) => void
  error: string | undefined
}) {
  const at = value !== 'top' && value !== 'bottom'
  return (
    <div className="flex flex-wrap items-start gap-2">
      <FieldShell id={id} label="Where" className="min-w-40">
        {(a11y) => (
          <LockedSelect
            a11y={a11y}
            value={at ? 'at' : String(value)}
            ops={[
              ['top', 'At the top'],
              ['bottom', 'At the bottom'],
              ['at', 'At a position'],
            ]}
            onChange={(where) => onChange(where === 'at' ? 0 : (where as 'top' | 'bottom'))}
          />
        )}
      </FieldShell>
      {at ? (
        <Amount
          id={`${id}-number`}
          label="Position (1 is first)"
          value={typeof value === 'number' ? value + 1 : value}
          onChange={(typed) => onChange((typeof typed === 'number' ? typed - 1 : typed) as number)}
          error={error}
        />
      ) : null}
    </div>
  )
}
