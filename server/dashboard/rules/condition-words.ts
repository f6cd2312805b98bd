import type { Condition, ConditionGroup, RuleAction } from '../../../src/api/rules.ts'

// Conditions and actions in words, for traces, findings and dry runs.

const compared = { lt: 'under', lte: 'at most', eq: 'exactly', gte: 'at least', gt: 'over' }
const groupWords = {
  all: 'all of these hold',
  any: 'any of these holds',
  none: 'none of these holds',
}

export const groupInWords = (group: ConditionGroup) => groupWords[group.group]

const tagWord = (tag: string) => `#${tag.replace(/^#/, '')}`

export function conditionInWords(condition: Condition): string {
  switch (condition.field) {
    case 'caption':
    case 'description': {
      const how = {
        contains: `contains “${condition.value}”`,
        starts_with: `starts with “${condition.value}”`,
        matches: `matches /${condition.value}/`,
      }[condition.op]
      return `the ${condition.field} ${how}`
    }
    case 'hashtag':
      return `${condition.op === 'has' ? 'has' : 'lacks'} ${tagWord(condition.value)}`
    case 'product':
      return `${condition.op === 'has' ? 'tags' : 'does not tag'} product ${condition.value}`
    case 'product_facet': {
      const what = condition.facet === 'store' ? 'store' : condition.facet
      return condition.op === 'any_is'
        ? `a tagged product’s ${what} is “${condition.value}”`
        : `no tagged product’s ${what} is “${condition.value}”`
    }
    case 'product_stock':
      return condition.op === 'any_out'
        ? 'a tagged product is out of stock'
        : 'it tags products, every one in stock'
    case 'product_price':
      return `a tagged product costs ${compared[condition.op]} ${condition.value}`
    case 'product_count':
      return `tags ${compared[condition.op]} ${condition.value} products`
    case 'poster_count':
      return `has ${compared[condition.op]} ${condition.value} posters`
    case 'duration':
      return `lasts ${compared[condition.op]} ${condition.value} seconds`
    case 'state':
      return `${condition.op === 'is' ? 'is' : 'is not'} ${condition.value}`
    case 'access':
      return `${condition.op === 'is' ? 'is' : 'is not'} ${condition.value}`
    case 'created_at':
    case 'published_at': {
      const what = condition.field === 'created_at' ? 'created' : 'published'
      if (condition.op === 'within_days') return `${what} within the last ${condition.value} days`
      return `${what} ${condition.op} ${condition.value}`
    }
    case 'pending_suggestions':
      return `has ${compared[condition.op]} ${condition.value} AI suggestions waiting${
        condition.min_score > 0 ? ` scored ${condition.min_score} or more` : ''
      }`
  }
}

const position = (where: 'top' | 'bottom' | number) =>
  typeof where === 'number' ? `at position ${where + 1} of` : `to the ${where} of`

/** An action in words; `names` gives a playlist's or product's name where known. */
export function actionInWords(action: RuleAction, names: (id: string) => string = (id) => id) {
  switch (action.type) {
    case 'playlist_add':
      return `adds ${position(action.position)} ${names(action.playlist_id)}`
    case 'playlist_remove':
      return `removes from ${names(action.playlist_id)}`
    case 'tag':
      return `tags ${action.product_ids.map(names).join(', ')}`
    case 'untag':
      return `untags ${action.product_ids.map(names).join(', ')}`
    case 'tag_suggestions':
      return `tags the AI’s suggestions scored ${action.min_score} or more`
    case 'start_matching':
      return 'starts AI matching'
    case 'publish':
      return 'publishes'
    case 'unpublish':
      return 'unpublishes'
    case 'archive':
      return 'archives'
    case 'schedule':
      return `schedules ${action.after_hours} hours ahead`
    case 'notify':
      return 'tells the followers'
  }
}
