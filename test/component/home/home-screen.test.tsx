import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { IndexStatus, IndexSummary } from '@/api/merch-index'
import { HomeScreen } from '@/features/home/home-screen'
import { loadHome } from '@/features/home/load-home'
import { fakeApi, json } from '../support/fake-api'
import { renderRoutes } from '../support/memory-router'

afterEach(() => vi.unstubAllGlobals())

const status = (state: IndexStatus['state']): IndexStatus => ({
  state,
  confirmed_at: state === 'ready' ? '2026-11-27T08:00:00.000Z' : null,
  last_event_at: null,
  videos: 40,
  products: 12,
  unconfirmed: 0,
  last_pass: null,
  running: null,
})

const summary: IndexSummary = {
  channel_id: 'ch_1',
  at: '2026-11-27T09:00:00.000Z',
  states: { draft: 6, scheduled: 3, live: 1204, archived: 2 },
  scheduled_days: Array.from({ length: 14 }, (_, n) => ({
    day: `2026-12-${String(n + 1).padStart(2, '0')}`,
    videos: n === 1 ? 2 : 0,
  })),
  attention: 20,
  required: ['caption', 'product', 'broken_tag', 'poster'],
  broken_tag_videos: 4,
  live_without_product: 7,
  index: status('ready'),
}

// The home page on a memory history, with the service and the dashboard server faked: the
// channel, five videos processing, two awaiting review, and the index in `state`.
function renderHome(state: IndexStatus['state']) {
  const calls = fakeApi({
    'GET /auth/me': () => json({ id: 'u_1', email: 'ed@example.com', role: 'editor' }),
    'GET /api/v1/channels': () =>
      json({ channels: [{ id: 'ch_1', name: 'Aurora Outfitters', business_id: 'b_1' }] }),
    'GET /api/v1/videos': () =>
      json({
        videos: [],
        links: { next: null },
        pagination: { cursor: null, has_more: false, total_entries: 5 },
      }),
    'GET /api/dashboard/index/status': () => json(status(state)),
    'GET /api/dashboard/review/queue': () =>
      json({
        videos: ['v_1', 'v_2'].map((id) => ({
          id,
          caption: null,
          thumbnail_url: null,
          product_ids: [],
          pending: 1,
          top_score: 0.8,
          nearest: null,
          premarks: {},
          second: false,
        })),
        order: 'oldest',
        threshold: null,
        floor: null,
        hidden_below_floor: 0,
        filter: false,
      }),
    'GET /api/dashboard/index/summary': () => json(summary),
  })
  renderRoutes('/', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/',
      loader: ({ context }) => loadHome(context.queryClient, undefined),
      component: HomeScreen,
    }),
  ])
  return calls
}

it('counts each state, links each to its list, and gives the 14 days to screen readers', async () => {
  renderHome('ready')
  const states = await screen.findByRole('list', { name: 'Videos by state' })
  const drafts = within(states).getByRole('link', { name: 'Drafts 6 videos' })
  expect(drafts).toHaveAttribute('href', '/videos?state=draft')
  expect(within(states).getByRole('link', { name: 'Live 1,204 videos' })).toHaveAttribute(
    'href',
    '/videos?state=live',
  )
  expect(within(states).getByRole('link', { name: /^Archived 2/ })).toHaveAttribute(
    'href',
    '/videos?archived=true',
  )
  const days = screen.getByRole('table', { name: /^Videos scheduled on each of the next 14 days/ })
  const rows = within(days).getAllByRole('row')
  expect(rows).toHaveLength(15)
  // 2 December (UTC) has two videos, in the locale's words for the day.
  expect(rows[2]).toHaveTextContent(/December.*2$/)
  expect(rows[3]).toHaveTextContent(/December.*0$/)
  expect(screen.getByRole('link', { name: 'All 3 videos scheduled' })).toHaveAttribute(
    'href',
    '/videos?state=scheduled',
  )
  const figure = (name: RegExp) => screen.getByRole('link', { name })
  expect(await screen.findByRole('link', { name: /^5 videos processing/ })).toHaveAttribute(
    'href',
    '/videos?status=pending',
  )
  expect(await screen.findByRole('link', { name: /^2 videos with AI matches/ })).toHaveAttribute(
    'href',
    '/matches',
  )
  expect(figure(/^20 videos needing attention/)).toHaveAttribute('href', '/videos?attention=true')
  expect(figure(/^4 videos with a broken tag/)).toHaveAttribute('href', '/coverage?show=tags')
  expect(figure(/^7 live videos with no product/)).toHaveAttribute('href', '/coverage?show=videos')
  expect(figure(/^Uploads/)).toHaveAttribute('href', '/uploads')
})

it('shows what the service answers without the index, says the rest needs it, and asks it nothing', async () => {
  const calls = renderHome('off')
  expect(await screen.findByRole('link', { name: /^5 videos processing/ })).toBeInTheDocument()
  expect(await screen.findByRole('link', { name: /^2 videos with AI matches/ })).toBeInTheDocument()
  expect(
    screen.getByRole('heading', { name: "Most of this page needs the dashboard's index" }),
  ).toBeInTheDocument()
  expect(screen.queryByRole('list', { name: 'Videos by state' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: /needing attention/ })).not.toBeInTheDocument()
  expect(calls.some((call) => call.url.pathname === '/api/dashboard/index/summary')).toBe(false)
})
