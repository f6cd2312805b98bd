/**
 * A dry run leaves out what is already in place, as a run skips it: a video already in the
 * playlist (or out of it), products already tagged (or not), a state already reached, and a
 * pinned video, which a rule never takes out.
 */
import { describe, expect, it } from 'vitest'
import type { RuleAction } from '@/api/rules.ts'
import { actionInPlace } from '../../../server/dashboard/rules/action-effects.ts'
import type { PlaylistMembers } from '../../../server/dashboard/rules/playlist-members.ts'
import type { RuleVideo } from '../../../server/dashboard/rules/rule-facts.ts'

const now = new Date('2025-06-15T12:00:00.000Z')
const video = (facts: Partial<RuleVideo> = {}): RuleVideo => ({
  id: 'v1',
  channel_id: 'ch',
  caption: null,
  description: null,
  hashtags: [],
  access: 'public',
  published_at: null,
  archived_at: null,
  created_at: null,
  duration: null,
  poster_count: 0,
  product_count: 1,
  tags: ['p-1'],
  products: [],
  suggestions: [70],
  ...facts,
})
const playlists = new Map<string, PlaylistMembers | null>([
  ['pl-in', { id: 'pl-in', name: 'In', video_ids: ['v0', 'v1'], pinned: new Set() }],
  ['pl-pinned', { id: 'pl-pinned', name: 'Pinned', video_ids: ['v1'], pinned: new Set(['v1']) }],
  ['pl-out', { id: 'pl-out', name: 'Out', video_ids: ['v0'], pinned: new Set() }],
  ['pl-gone', null],
])
const inPlace = (action: RuleAction, facts?: Partial<RuleVideo>) =>
  actionInPlace(action, video(facts), playlists, now)

describe('an action already in place', () => {
  it('on playlists: in it already, out of it already, or pinned there', () => {
    const add = (id: string): RuleAction => ({ type: 'playlist_add', playlist_id: id, position: 0 })
    const remove = (id: string): RuleAction => ({ type: 'playlist_remove', playlist_id: id })
    expect([add('pl-in'), add('pl-out'), add('pl-gone')].map((a) => inPlace(a))).toEqual([
      true,
      false,
      false,
    ])
    expect([remove('pl-in'), remove('pl-out'), remove('pl-pinned')].map((a) => inPlace(a))).toEqual(
      [false, true, true],
    )
  })

  it('on products: every one tagged already, or none', () => {
    expect(inPlace({ type: 'tag', product_ids: ['p-1'] })).toBe(true)
    expect(inPlace({ type: 'tag', product_ids: ['p-1', 'p-2'] })).toBe(false)
    expect(inPlace({ type: 'untag', product_ids: ['p-2'] })).toBe(true)
    expect(inPlace({ type: 'untag', product_ids: ['p-1', 'p-2'] })).toBe(false)
    expect(inPlace({ type: 'tag_suggestions', min_score: 80 })).toBe(true)
    expect(inPlace({ type: 'tag_suggestions', min_score: 60 })).toBe(false)
  })

  it('on publication: the state already reached', () => {
    const live = { published_at: '2025-06-01T00:00:00.000Z' }
    const scheduled = { published_at: '2025-07-01T00:00:00.000Z' }
    expect(inPlace({ type: 'publish' }, live)).toBe(true)
    expect(inPlace({ type: 'publish' }, scheduled)).toBe(false)
    expect(inPlace({ type: 'schedule', after_hours: 24 }, scheduled)).toBe(true)
    expect(inPlace({ type: 'unpublish' })).toBe(true)
    expect(inPlace({ type: 'unpublish' }, live)).toBe(false)
    expect(inPlace({ type: 'archive' }, { archived_at: now.toISOString() })).toBe(true)
    expect(inPlace({ type: 'archive' })).toBe(false)
  })

  it('never for matching and notices, which always act', () => {
    expect(inPlace({ type: 'start_matching' })).toBe(false)
    expect(inPlace({ type: 'notify', message: 'New summer video' })).toBe(false)
  })
})
