import type { Condition, ConditionGroup, ConditionNode, RuleAction, RuleTrigger } from '@/api/rules'
import { formatCount } from '@/lib/format'

// A rule in words, as a merchandiser would say it: the list, the versions and the editor's
// summary read the same sentences. Names of playlists, products and stores are looked up by the
// caller (they load apart); an id shows until its name is known.

export interface Names {
  playlist: (id: string) => string
  product: (id: string) => string
  store: (id: string) => string
}

export const idsAsNames: Names = { playlist: (id) => id, product: (id) => id, store: (id) => id }

const quoted = (text: string) => `“${text}”`

export const comparisonWords = {
  lt: 'under',
  lte: 'at most',
  eq: 'exactly',
  gte: 'at least',
  gt: 'over',
} as const

const stateWords = { draft: 'a draft', scheduled: 'scheduled', live: 'live', archived: 'archived' }
const dateWords = { created_at: 'created', published_at: 'published' }
const textOpWords = { contains: 'contains', starts_with: 'starts with', matches: 'matches' }

export function conditionWords(condition: Condition, names: Names = idsAsNames): string {
  switch (condition.field) {
    case 'caption':
    case 'description':
      return `${condition.field === 'caption' ? 'Caption' : 'Description'} ${textOpWords[condition.op]} ${condition.op === 'matches' ? `/${condition.value}/` : quoted(condition.value)}`
    case 'hashtag':
      return `${condition.op === 'has' ? 'Has' : 'Lacks'} the hashtag ${hashtagWords(condition.value)}`
    case 'product':
      return `${condition.op === 'has' ? 'Tags' : 'Does not tag'} ${names.product(condition.value)}`
    case 'product_facet': {
      const value =
        condition.facet === 'store' ? names.store(condition.value) : quoted(condition.value)
      const some = condition.op === 'any_is' ? 'Some' : 'No'
      return condition.facet === 'store'
        ? `${some} tagged product is from ${value}`
        : `${some} tagged product's ${condition.facet} is ${value}`
    }
    case 'product_stock':
      return condition.op === 'any_out'
        ? 'Some tagged product is out of stock'
        : 'Every tagged product is in stock'
    case 'product_price':
      return `Some tagged product costs ${comparisonWords[condition.op]} ${condition.value}`
    case 'product_count':
    case 'poster_count':
      return `${condition.field === 'product_count' ? 'Tagged products' : 'Posters'}: ${comparisonWords[condition.op]} ${formatCount(condition.value)}`
    case 'duration':
      return `Lasts ${comparisonWords[condition.op]} ${condition.value} seconds`
    case 'state':
      return `${condition.op === 'is' ? 'Is' : 'Is not'} ${stateWords[condition.value]}`
    case 'access':
      return `Access ${condition.op === 'is' ? 'is' : 'is not'} ${condition.value}`
    case 'created_at':
    case 'published_at':
      return condition.op === 'within_days'
        ? `${capitalised(dateWords[condition.field])} in the last ${condition.value} days`
        : `${capitalised(dateWords[condition.field])} ${condition.op} ${condition.value}`
    case 'pending_suggestions':
      return `AI suggestions waiting for review${condition.min_score ? ` (score ${condition.min_score} or more)` : ''}: ${comparisonWords[condition.op]} ${condition.value}`
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
export const hashtagWords = (value: string) => (value.startsWith('#') ? value : `#${value}`)

export const groupWords = {
  all: 'All of these',
  any: 'Any of these',
  none: 'None of these',
} as const

export const isGroup = (node: ConditionNode): node is ConditionGroup => 'group' in node

/** The conditions on one line: "#summer and (tags A or tags B)". */
export function conditionsWords(group: ConditionGroup, names: Names = idsAsNames): string {
  if (group.children.length === 0) return 'every video'
  const joiner = group.group === 'any' ? ' or ' : ' and '
  const parts = group.children.map((child) =>
    isGroup(child)
      ? `(${conditionsWords(child, names)})`
      : lowerFirst(conditionWords(child, names)),
  )
  const joined = parts.join(joiner)
  return group.group === 'none' ? `none of: ${parts.join('; ')}` : joined
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

export function actionWords(action: RuleAction, names: Names = idsAsNames): string {
  switch (action.type) {
    case 'playlist_add':
      return `Add to ${positionWords(action.position)} of ${names.playlist(action.playlist_id)}`
    case 'playlist_remove':
      return `Remove from ${names.playlist(action.playlist_id)}`
    case 'tag':
    case 'untag':
      return `${action.type === 'tag' ? 'Tag' : 'Untag'} ${action.product_ids.map(names.product).join(', ')}`
    case 'tag_suggestions':
      return `Tag the AI's suggestions scoring ${action.min_score} or more`
    case 'start_matching':
      return 'Start AI product matching'
    case 'publish':
      return 'Publish'
    case 'unpublish':
      return 'Unpublish'
    case 'archive':
      return 'Archive'
    case 'schedule':
      return `Schedule to publish ${action.after_hours} hours later`
    case 'notify':
      return `Notify followers: ${quoted(action.message)}`
  }
}

export function positionWords(position: 'top' | 'bottom' | number): string {
  if (position === 'top') return 'the top'
  if (position === 'bottom') return 'the bottom'
  return `position ${position + 1}`
}

export function triggerWords(trigger: RuleTrigger): string {
  switch (trigger.type) {
    case 'video_created':
      return 'When a video is created'
    case 'video_updated':
      return 'When a video is updated'
    case 'schedule':
      return `Every ${everyWords(trigger.every_minutes)}, over the library`
    case 'manual':
      return 'Only when run by hand'
  }
}

function everyWords(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'day' : `${minutes / 1440} days`
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`
  return `${minutes} minutes`
}
