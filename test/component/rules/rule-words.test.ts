import { expect, it } from 'vitest'
import {
  actionWords,
  conditionsWords,
  conditionWords,
  type Names,
  triggerWords,
} from '@/features/rules/words/rule-words'

const names: Names = {
  playlist: (id) => ({ pl_Summer: 'Summer' })[id] ?? id,
  product: (id) => ({ pr_Tent: 'Trail Tent' })[id] ?? id,
  store: (id) => ({ st_Outdoor: 'Outdoor' })[id] ?? id,
}

it('says a rule the way a merchandiser would', () => {
  expect(triggerWords({ type: 'video_created' })).toBe('When a video is created')
  expect(triggerWords({ type: 'schedule', every_minutes: 1440 })).toBe(
    'Every day, over the library',
  )
  expect(triggerWords({ type: 'schedule', every_minutes: 90 })).toBe(
    'Every 90 minutes, over the library',
  )
  expect(
    conditionsWords(
      {
        group: 'all',
        children: [
          { field: 'hashtag', op: 'has', value: 'summer' },
          {
            group: 'any',
            children: [
              { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st_Outdoor' },
              { field: 'product', op: 'has', value: 'pr_Tent' },
            ],
          },
        ],
      },
      names,
    ),
  ).toBe('has the hashtag #summer and (some tagged product is from Outdoor or tags Trail Tent)')
  expect(conditionsWords({ group: 'all', children: [] })).toBe('every video')
  expect(
    actionWords({ type: 'playlist_add', playlist_id: 'pl_Summer', position: 'top' }, names),
  ).toBe('Add to the top of Summer')
  expect(actionWords({ type: 'playlist_add', playlist_id: 'pl_Summer', position: 2 }, names)).toBe(
    'Add to position 3 of Summer',
  )
  expect(actionWords({ type: 'untag', product_ids: ['pr_Tent'] }, names)).toBe('Untag Trail Tent')
})

it('words every kind of condition', () => {
  expect(conditionWords({ field: 'caption', op: 'matches', value: 'beach|sea' })).toBe(
    'Caption matches /beach|sea/',
  )
  expect(conditionWords({ field: 'published_at', op: 'within_days', value: 7 })).toBe(
    'Published in the last 7 days',
  )
  expect(conditionWords({ field: 'created_at', op: 'before', value: '2026-06-01' })).toBe(
    'Created before 2026-06-01',
  )
  expect(conditionWords({ field: 'pending_suggestions', op: 'gte', value: 1, min_score: 80 })).toBe(
    'AI suggestions waiting for review (score 80 or more): at least 1',
  )
  expect(conditionWords({ field: 'product_stock', op: 'all_in' })).toBe(
    'Every tagged product is in stock',
  )
  expect(conditionWords({ field: 'state', op: 'is_not', value: 'archived' })).toBe(
    'Is not archived',
  )
})
