import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import '@/api/client'
import { ToastProvider } from '@/components/ui/toast'
import { useBulkActions } from '@/features/videos/library/use-bulk-actions'
import { fakeApi } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'

afterEach(() => vi.unstubAllGlobals())

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  )
}

it('reports each refused video by name and reason, and counts the rest', async () => {
  const calls = fakeApi(({ url }) =>
    url.pathname.includes('bad')
      ? { status: 422, body: { error: 'published_at must not be in the past' } }
      : { status: 200, body: makeVideo({ id: url.pathname.split('/')[4] }) },
  )
  const { result } = renderHook(() => useBulkActions(), { wrapper })
  const videos = [
    makeVideo({ id: 'good1' }),
    makeVideo({ id: 'bad1', caption: 'Broken one' }),
    makeVideo({ id: 'good2' }),
  ]
  await act(() => result.current.run('publish', videos))
  expect(
    calls
      .filter((c) => c.method === 'POST')
      .map((c) => c.url.pathname)
      .sort(),
  ).toEqual([
    '/api/v1/videos/bad1/publish',
    '/api/v1/videos/good1/publish',
    '/api/v1/videos/good2/publish',
  ])
  expect(result.current.report).toEqual({
    title: 'Publish 3 videos',
    succeeded: 2,
    failures: [
      { id: 'bad1', caption: 'Broken one', reason: 'published_at must not be in the past' },
    ],
  })
})

it('asks for download links in batches of at most 50', async () => {
  const calls = fakeApi(({ body }) => ({
    status: 200,
    body: {
      videos: (body as { video_ids: string[] }).video_ids.map((id) => ({
        id,
        download_url: `https://cdn.example/${id}.mp4`,
        format: 'mp4',
        width: 1,
        height: 1,
        duration: 1,
      })),
    },
  }))
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
  const { result } = renderHook(() => useBulkActions(), { wrapper })
  const videos = Array.from({ length: 120 }, (_, n) => makeVideo({ id: `v${n}` }))
  await act(() => result.current.copyDownloadLinks(videos))
  expect(calls.map((c) => (c.body as { video_ids: string[] }).video_ids.length)).toEqual([
    50, 50, 20,
  ])
  expect(result.current.report?.succeeded).toBe(120)
  expect(writeText).toHaveBeenCalledWith(
    videos.map((v) => `https://cdn.example/${v.id}.mp4`).join('\n'),
  )
})
