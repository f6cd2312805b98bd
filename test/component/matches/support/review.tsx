import type { QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import type { ProductMatch } from '@/api/generated/types.gen'
import {
  defaultKeyMap,
  type KeyMap,
  type LedgerEntry,
  type ReviewQueueAnswer,
  type ReviewQueueVideo,
} from '@/api/review'
import type { Role } from '@/api/roles'
import { ShortcutsProvider } from '@/components/ui/shortcuts'
import { flushDecisions } from '@/features/matches/decision-storage'
import { loadReview } from '@/features/matches/load-review'
import { ReviewScreen } from '@/features/matches/review-screen'
import { reviewSearchSchema } from '@/features/matches/review-search'
import { type Answer, type Call, fakeApi, json } from '../../support/fake-api'
import { makeProduct, makeVideo } from '../../support/fixtures'
import { createTestQueryClient, renderWithProviders } from '../../support/render'

export function makeMatch(
  id: string,
  score: number,
  name: string,
  status: ProductMatch['status'] = 'pending',
): ProductMatch {
  return {
    id,
    status,
    matching_score: score,
    product: makeProduct({ id: `pr_${id}`, name, brand: null }),
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  }
}

export function queueVideo(
  id: string,
  overrides: Partial<ReviewQueueVideo> = {},
): ReviewQueueVideo {
  return {
    id,
    caption: `Clip ${id}`,
    thumbnail_url: `http://localhost:4010/cdn/${id}.jpg`,
    product_ids: [],
    pending: 3,
    top_score: 90,
    nearest: null,
    premarks: {},
    second: false,
    ...overrides,
  }
}

export interface ReviewWorld {
  videos: ReviewQueueVideo[]
  /** Each video's suggestions, by video id. */
  matches: Record<string, ProductMatch[]>
  threshold?: number | null
  floor?: number | null
  role?: Role
  keys?: KeyMap
  recent?: LedgerEntry[]
  /** Answers the submit; the default records it. */
  decide?: (call: Call) => Answer | Promise<Answer>
  change?: (call: Call) => Answer | Promise<Answer>
}

// The dashboard server and the service as the review screen asks them, from a world the test
// describes; the queue answers in the order asked, or the server's default (nearest with a threshold).
function answer(world: ReviewWorld, call: Call): Answer | Promise<Answer> | undefined {
  const path = call.url.pathname
  const route = `${call.method} ${path}`
  if (route === 'GET /auth/me')
    return json({ id: 'u_1', email: 'ed@example.com', role: world.role ?? 'editor' })
  if (route === 'GET /api/v1/channels')
    return json({ channels: [{ id: 'ch_1', name: 'Aurora Outfitters', business_id: 'b_1' }] })
  if (route === 'GET /api/dashboard/review/keys') return json({ keys: world.keys ?? defaultKeyMap })
  if (route === 'GET /api/dashboard/review/recent') return json({ decisions: world.recent ?? [] })
  if (route === 'GET /api/dashboard/review/queue') {
    const threshold = world.threshold ?? null
    const order = call.url.searchParams.get('order') ?? (threshold === null ? 'oldest' : 'nearest')
    const below = call.url.searchParams.get('below_floor') === 'true'
    const videos = order === 'score' ? [...world.videos].reverse() : world.videos
    const body: ReviewQueueAnswer = {
      videos,
      order: order as ReviewQueueAnswer['order'],
      threshold,
      floor: world.floor ?? null,
      hidden_below_floor: below ? 0 : 2,
      filter: true,
    }
    return json(body)
  }
  const decisions = /^\/api\/dashboard\/review\/videos\/([^/]+)\/decisions$/.exec(path)
  if (decisions && call.method === 'POST')
    return world.decide ? world.decide(call) : json({ batch_id: 'b_1', dismissed: false })
  if (call.method === 'PUT' && path.startsWith('/api/dashboard/review/decisions/'))
    return world.change ? world.change(call) : json({ batch_id: 'b_2', dismissed: false })
  const matches = /^\/api\/v1\/videos\/([^/]+)\/product_matches$/.exec(path)
  if (matches && call.method === 'GET')
    return json({ status: 'completed', matches: world.matches[matches[1] as string] ?? [] })
  const video = /^\/api\/v1\/videos\/([^/]+)$/.exec(path)
  if (video && call.method === 'GET') {
    const id = video[1] as string
    const listed = world.videos.find((each) => each.id === id)
    return json(
      makeVideo({
        id,
        caption: listed?.caption ?? `Clip ${id}`,
        duration: null,
        product_ids: [],
        variant_ids: [],
      }),
    )
  }
  if (route === 'GET /api/v1/business_stores')
    return json({
      stores: [],
      links: { next: null },
      pagination: { cursor: null, has_more: false, total_entries: 0 },
    })
  return undefined
}

/** The review screen on a memory history at `url`, with the keys' provider every screen has. */
export function renderReview(
  world: ReviewWorld,
  url = '/matches',
  queryClient: QueryClient = createTestQueryClient(),
) {
  const calls = fakeApi((call) => answer(world, call))
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: () => (
      <ShortcutsProvider>
        <Outlet />
      </ShortcutsProvider>
    ),
  })
  const matches = createRoute({
    getParentRoute: () => root,
    path: '/matches',
    validateSearch: reviewSearchSchema,
    loaderDeps: ({ search }) => ({ order: search.order ?? null, below: search.below ?? false }),
    loader: ({ context, deps }) => loadReview(context.queryClient, { channel: undefined, ...deps }),
    component: ReviewScreen,
  })
  const videoPage = createRoute({
    getParentRoute: () => root,
    path: '/videos/$videoId',
    component: () => null,
  })
  const router = createRouter({
    routeTree: root.addChildren([matches, videoPage]),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
  })
  return { calls, router, ...renderWithProviders(<RouterProvider router={router} />, queryClient) }
}

/** An empty browser store: the last test's decisions, written after its frames, dropped first. */
export function clearStorage() {
  flushDecisions()
  localStorage.clear()
}

// The first screen of a test file loads the review's code on demand, which a busy machine slows.
export const loading = { timeout: 5_000 }

/** The review shows this video. */
export const showing = (caption: string) =>
  screen.findByRole('heading', { level: 2, name: caption }, loading)

/** The GET paths asked of the service, for what was read ahead. */
export const reads = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET').map((call) => call.url.pathname)
