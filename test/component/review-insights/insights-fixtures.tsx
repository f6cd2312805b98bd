import { createRoute } from '@tanstack/react-router'
import { calibrationQuery, reviewersQuery } from '@/api/queries/review'
import type { AutoAcceptSettings, Calibration, Reviewers } from '@/api/review'
import type { Role } from '@/api/roles'
import { CalibrationScreen } from '@/features/review-insights/calibration-screen'
import {
  calibrationSearchSchema,
  periodSearchSchema,
} from '@/features/review-insights/insights-search'
import { ReviewersScreen } from '@/features/review-insights/reviewers-screen'
import { fakeApi, json, type Routes } from '../support/fake-api'
import { renderRoutes } from '../support/memory-router'

const band = (n: number, decisions: number, accepted: number, low = 0, high = 0) => ({
  band: n,
  decisions,
  accepted,
  share: decisions > 0 ? accepted / decisions : null,
  low: decisions > 0 ? low : null,
  high: decisions > 0 ? high : null,
  sparse: decisions < 30,
})

/** 350 decisions: 10 at 25 (1 accepted), 40 at 55 (20), 100 at 85 (90), 200 at 95 (190). */
export const calibration: Calibration = {
  decisions: 350,
  bands: [
    band(0, 0, 0),
    band(1, 0, 0),
    band(2, 10, 1, 0.0179, 0.4042),
    band(3, 0, 0),
    band(4, 0, 0),
    band(5, 40, 20, 0.352, 0.648),
    band(6, 0, 0),
    band(7, 0, 0),
    band(8, 100, 90, 0.8256, 0.9448),
    band(9, 200, 190, 0.9104, 0.9726),
  ],
  scores: [
    { score: 25, decisions: 10, accepted: 1 },
    { score: 55, decisions: 40, accepted: 20 },
    { score: 85, decisions: 100, accepted: 90 },
    { score: 95, decisions: 200, accepted: 190 },
  ],
  sparse_below: 30,
  pace: { median_seconds: 3 },
  period: { first: '2026-03-02T09:00:00.000Z', last: '2026-03-12T16:00:00.000Z' },
  slices: {
    stores: [
      { id: 's-eu', name: null },
      { id: 's-main', name: 'Main store' },
    ],
    categories: ['Bags', 'Shoes'],
  },
}

export const reviewers: Reviewers = {
  reviewers: [
    {
      account_id: 'a-ana',
      email: 'ana@example.com',
      decisions: 120,
      per_minute: 14.25,
      median_seconds: 3.2,
      undo_rate: 0.025,
    },
    {
      account_id: 'a-bo',
      email: 'bo@example.com',
      decisions: 1,
      per_minute: null,
      median_seconds: null,
      undo_rate: 0,
    },
  ],
  agreement: { pairs: 50, percent: 70, kappa: 0.4 },
  disagreements: [
    {
      video_id: 'v-1',
      caption: 'Linen shirt, styled',
      first: { email: 'ana@example.com', accepted: ['p-shirt'] },
      second: { email: 'bo@example.com', accepted: ['p-shirt', 'p-belt'] },
    },
  ],
}

/** Auto-accept off; at 80 the team's decisions support it (the panel judges the picked threshold). */
export const autoAccept: AutoAcceptSettings = {
  enabled: false,
  target: 0.95,
  threshold: 80,
  floor: 10,
  paused: null,
  updated_at: null,
  updated_by: null,
  eligibility: { eligible: true, decisions: 300, accepted: 290, lower_bound: 0.96, reason: null },
  audit: { decisions: 0, accepted: 0, lower_bound: null },
}

const me = (role: Role) => () => json({ id: `u-${role}`, email: `${role}@example.com`, role })

/** The calibration page at `url`, signed in as `role`, over the answers given (and `more`). */
export function renderCalibration(role: Role, url = '/review/calibration', more: Routes = {}) {
  const calls = fakeApi({
    'GET /auth/me': me(role),
    'GET /api/dashboard/review/calibration': () => json(calibration),
    'GET /api/dashboard/review/settings': () => json(autoAccept),
    ...more,
  })
  const rendered = renderRoutes(url, (root) => {
    const route = createRoute({
      getParentRoute: () => root,
      path: '/review/calibration',
      validateSearch: calibrationSearchSchema,
      loaderDeps: ({ search }) => ({
        store_id: search.store,
        category: search.category,
        from: search.from,
        to: search.to,
      }),
      loader: ({ context, deps }) => context.queryClient.ensureQueryData(calibrationQuery(deps)),
      component: () => <CalibrationScreen search={route.useSearch()} />,
    })
    return [route]
  })
  return { calls, ...rendered }
}

/** The reviewer page, signed in as `role`, with the video's suggestions named. */
export function renderReviewers(role: Role, more: Routes = {}) {
  const calls = fakeApi({
    'GET /auth/me': me(role),
    'GET /api/dashboard/review/reviewers': () => json(reviewers),
    'GET /api/v1/videos/v-1/product_matches': () =>
      json({
        status: 'completed',
        matches: [
          ['m-1', 'p-shirt', 'Linen shirt'],
          ['m-2', 'p-belt', 'Woven belt'],
          ['m-3', 'p-hat', 'Straw hat'],
        ].map(([id, product, name]) => ({
          id,
          status: 'pending',
          product: { id: product, name },
          matching_score: 70,
          created_at: '2026-03-02T09:00:00.000Z',
          updated_at: '2026-03-02T09:00:00.000Z',
        })),
      }),
    ...more,
  })
  const rendered = renderRoutes('/review/reviewers', (root) => {
    const route = createRoute({
      getParentRoute: () => root,
      path: '/review/reviewers',
      validateSearch: periodSearchSchema,
      loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
      loader: ({ context, deps }) => context.queryClient.ensureQueryData(reviewersQuery(deps)),
      component: () => <ReviewersScreen period={route.useSearch()} />,
    })
    return [route]
  })
  return { calls, ...rendered }
}
