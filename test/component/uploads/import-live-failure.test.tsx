import '@/api/client'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { VideoImport } from '@/api/generated/types.gen'
import type { ServiceEvent } from '@/api/service-event'
import { importQuery } from '@/features/uploads/queries'
import { useImportLiveUpdates } from '@/features/uploads/url-import/use-import-live-updates'
import { type Answer, deferred, fakeApi, json } from '../support/fake-api'

const live = vi.hoisted(() => ({ send: (_event: unknown) => {} }))
vi.mock('@/lib/live-events', () => ({
  subscribeLiveEvents: (listener: (event: unknown) => void) => {
    live.send = listener
    return () => {}
  },
}))

const record = (status: VideoImport['status']): VideoImport => ({
  id: 'imp_1',
  status,
  video_id: null,
  created_at: '2026-11-25T10:00:00.000Z',
  completed_at: null,
})

function ImportStatus() {
  useImportLiveUpdates()
  const job = useQuery(importQuery('imp_1', false))
  return <p>{job.data ? `${job.data.status} ${job.data.reason ?? 'no reason'}` : 'reading'}</p>
}

const failed: ServiceEvent = {
  event_type: 'video_import_failed',
  version: '2023-06-06',
  created: 1,
  business_id: 'b1',
  data: { import_id: 'imp_1', reason: 'download_failed' },
}

let reads: Array<Promise<Answer> | Answer>
beforeEach(() => {
  reads = []
  fakeApi({ 'GET /api/v1/videos/imports/imp_1': () => reads.shift() ?? json(record('errored')) })
})
afterEach(() => vi.unstubAllGlobals())

const renderStatus = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ImportStatus />
    </QueryClientProvider>,
  )

it('shows a failure that arrives while the first read is under way, not the read’s older state', async () => {
  const firstRead = deferred()
  reads.push(firstRead.promise)
  renderStatus()
  expect(screen.getByText('reading')).toBeInTheDocument()
  await act(async () => live.send(failed))
  // The read that left before the failure answers late, with the state it saw.
  await act(async () => firstRead.resolve(json(record('running'))))
  expect(await screen.findByText('errored download_failed')).toBeInTheDocument()
  expect(screen.queryByText(/^running/)).not.toBeInTheDocument()
})

it('shows a failure at once on a record already read, with the event’s reason', async () => {
  reads.push(json(record('running')))
  renderStatus()
  expect(await screen.findByText('running no reason')).toBeInTheDocument()
  await act(async () => live.send(failed))
  expect(await screen.findByText('errored download_failed')).toBeInTheDocument()
})
