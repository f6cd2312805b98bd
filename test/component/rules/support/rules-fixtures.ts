import type { Role } from '@/api/roles'
import type { Rule, RulePreview, RuleRun, RulesSettings, RuleVersion } from '@/api/rules'
import { json, type Routes } from '../../support/fake-api'

// Rules as the dashboard server answers them (src/api/rules.ts), for the rules' screens.

export const summerRule = (overrides: Partial<Rule> = {}): Rule => ({
  id: 'rl_summer',
  name: 'Summer to the top',
  description: '',
  channel_id: 'ch_1',
  trigger: { type: 'video_created' },
  conditions: {
    group: 'all',
    children: [
      { field: 'hashtag', op: 'has', value: 'summer' },
      { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st_Outdoor' },
    ],
  },
  actions: [{ type: 'playlist_add', playlist_id: 'pl_Summer', position: 'top' }],
  priority: 100,
  version: 2,
  enabled: false,
  paused: null,
  author_id: 'u_ed',
  author_email: 'ed@example.com',
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'ed@example.com',
  following: false,
  ...overrides,
})

export const version = (n: number, overrides: Partial<RuleVersion> = {}): RuleVersion => {
  const {
    id,
    version: _,
    enabled,
    paused,
    author_id,
    author_email,
    updated_at,
    updated_by,
    following,
    ...definition
  } = summerRule()
  return {
    version: n,
    changed_at: `2026-11-${10 + n}T10:00:00.000Z`,
    changed_by: 'ed@example.com',
    changes: n === 1 ? [] : ['conditions'],
    definition,
    enabled,
    ...overrides,
  }
}

export const preview = (overrides: Partial<RulePreview> = {}): RulePreview => ({
  matches: 2,
  videos: [
    { id: 'vd_beach', caption: 'Beach day #summer' },
    { id: 'vd_trail', caption: 'Trail run #summer' },
  ],
  playlists: [
    {
      playlist_id: 'pl_Summer',
      name: 'Summer',
      enter: 1,
      leave: 0,
      entering: ['vd_trail'],
      leaving: [],
    },
  ],
  findings: [],
  ...overrides,
})

export const failedRun = (overrides: Partial<RuleRun> = {}): RuleRun => ({
  id: 'rn_1',
  rule_id: 'rl_summer',
  rule_name: 'Summer to the top',
  rule_version: 2,
  video_id: 'vd_beach',
  cause: { kind: 'video_created', at: '2026-11-21T09:00:00.000Z', detail: 'Webhook video.created' },
  outcome: 'failed',
  started_at: '2026-11-21T09:00:01.000Z',
  finished_at: '2026-11-21T09:00:05.000Z',
  conditions: [
    {
      path: '0',
      description: 'Has the hashtag #summer',
      value: ['#summer', '#beach'],
      result: true,
    },
    {
      path: '1',
      description: 'Some tagged product is from Outdoor',
      value: ['st_Outdoor'],
      result: true,
    },
  ],
  steps: [
    {
      action: { type: 'playlist_add', playlist_id: 'pl_Summer', position: 'top' },
      state: 'failed',
      note: 'The playlist is full (1,000 videos)',
      calls: [
        {
          method: 'POST',
          path: '/api/v1/playlists/pl_Summer/videos',
          status: 422,
          answer: 'Playlist is full',
          at: '2026-11-21T09:00:02.000Z',
          attempt: 1,
        },
      ],
    },
  ],
  ...overrides,
})

export const settings = (editorsMayEnable = false): RulesSettings => ({
  editors_may_enable: editorsMayEnable,
  updated_at: null,
  updated_by: null,
})

/** What every rules screen asks besides its own: who is signed in, the channel, names. */
export function commonRoutes(role: Role, editorsMayEnable = false): Routes {
  return {
    'GET /auth/me': () => json({ id: `u_${role}`, email: `${role}@example.com`, role }),
    'GET /api/v1/channels': () =>
      json({ channels: [{ id: 'ch_1', name: 'Aurora Outfitters', business_id: 'b_1' }] }),
    'GET /api/dashboard/rules/settings': () => json(settings(editorsMayEnable)),
    'GET /api/v1/business_stores': () =>
      json({
        stores: [
          { id: 'st_Outdoor', name: 'Outdoor', currency: 'USD' },
          { id: 'st_Main', name: 'Aurora Main Store', currency: 'USD' },
        ],
        links: { next: null },
        pagination: { cursor: null, has_more: false },
      }),
    'GET /api/v1/playlists/pl_Summer': () =>
      json({
        id: 'pl_Summer',
        name: 'Summer',
        description: null,
        updated_at: '2026-11-01T00:00:00.000Z',
        video_ids: [],
      }),
  }
}
