import '@/api/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Video, VideoImport, VideoMetadata } from '@/api/generated/types.gen'
import { IMPORT_POLL_STORAGE_KEY } from '@/features/uploads/url-import/poll-interval'
import { UrlImportSection } from '@/features/uploads/url-import/url-import-section'
import { startLiveEvents, stopLiveEvents } from '@/lib/live-events'
import { type Call, fakeApi } from '../support/fake-api'
import { makeVideo as video } from '../support/fixtures'

const channelId = 'ch_main01'
const storageKey = `uploads:url-imports:${channelId}`

function job(overrides: Partial<VideoImport> = {}): VideoImport {
  return {
    id: 'imp_0001',
    status: 'running',
    video_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  }
}

function renderSection(options: { detailsFor?: (fileName: string) => VideoMetadata | null } = {}) {
  const onVideoCreated = vi.fn<(video: Video) => void>()
  const detailsFor =
    options.detailsFor ??
    ((fileName: string) => ({ channel_id: channelId, caption: `Imported ${fileName}` }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({ component: Outlet })
  const uploads = createRoute({
    getParentRoute: () => root,
    path: '/uploads',
    component: () => (
      <UrlImportSection
        channelId={channelId}
        detailsFor={detailsFor}
        onVideoCreated={onVideoCreated}
      />
    ),
  })
  const videoPage = createRoute({
    getParentRoute: () => root,
    path: '/videos/$videoId',
    component: () => <h1>Video page</h1>,
  })
  const router = createRouter({
    routeTree: root.addChildren([uploads, videoPage]),
    history: createMemoryHistory({ initialEntries: ['/uploads'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { onVideoCreated }
}

const creations = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/v1/videos')

async function importUrl(url: string, mode: 'Wait for the download' | 'Import in the background') {
  const address = await screen.findByLabelText('Video address')
  await userEvent.clear(address)
  await userEvent.type(address, url)
  await userEvent.click(screen.getByLabelText(mode))
  await userEvent.click(screen.getByRole('button', { name: 'Import' }))
  return address
}

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(IMPORT_POLL_STORAGE_KEY, '20')
})
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('import from a URL', () => {
  it('refuses an address the service would refuse, says why and keeps what was typed', async () => {
    const calls = fakeApi(() => undefined)
    renderSection()

    const address = await importUrl('https://localhost/launch.mp4', 'Wait for the download')

    expect(address).toHaveAttribute('aria-invalid', 'true')
    expect(address).toHaveAccessibleDescription(/full host name with a dot/)
    expect(address).toHaveValue('https://localhost/launch.mp4')
    expect(creations(calls)).toEqual([])
  })

  it('asks for the details to be fixed first when the details form is invalid', async () => {
    const calls = fakeApi(() => undefined)
    renderSection({ detailsFor: () => null })

    const address = await importUrl(
      'https://videos.example.com/launch.mp4',
      'Import in the background',
    )

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fix the details for every file first.',
    )
    expect(address).toHaveValue('https://videos.example.com/launch.mp4')
    expect(creations(calls)).toEqual([])
  })

  it('waits for the download and links to the created video', async () => {
    const created = video({ id: 'vid0000042', caption: 'Imported launch.mp4' })
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { status: 201, body: created } : undefined,
    )
    const { onVideoCreated } = renderSection()

    const address = await importUrl(
      'https://videos.example.com/spring/launch.mp4',
      'Wait for the download',
    )

    const link = await screen.findByRole('link', { name: 'Imported launch.mp4' })
    expect(link).toHaveAttribute('href', '/videos/vid0000042')
    expect(link.closest('p')).toHaveTextContent(/Video created from launch\.mp4/)
    expect(creations(calls).map((call) => call.body)).toEqual([
      {
        channel_id: channelId,
        caption: 'Imported launch.mp4',
        url: 'https://videos.example.com/spring/launch.mp4',
        async: false,
      },
    ])
    expect(onVideoCreated).toHaveBeenCalledWith(created)
    expect(address).toHaveValue('')
  })

  it("shows the service's refusal in plain words and keeps the address", async () => {
    fakeApi((call) =>
      call.method === 'POST'
        ? { status: 400, body: { error: 'Unsupported Content-Type text/html' } }
        : undefined,
    )
    const { onVideoCreated } = renderSection()

    const address = await importUrl('https://videos.example.com/page.mp4', 'Wait for the download')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service refused this import: Unsupported Content-Type text/html',
    )
    expect(address).toHaveValue('https://videos.example.com/page.mp4')
    expect(address).toHaveAccessibleDescription(/Unsupported Content-Type text\/html/)
    expect(onVideoCreated).not.toHaveBeenCalled()
  })

  it('says when the service took too long', async () => {
    fakeApi((call) =>
      call.method === 'POST' ? { status: 504, body: { error: 'Gateway timeout' } } : undefined,
    )
    renderSection()

    await importUrl('https://videos.example.com/huge.mp4', 'Wait for the download')

    expect(await screen.findByRole('alert')).toHaveTextContent(/did not answer in time/)
  })

  it('follows a background import until it fails, and says why', async () => {
    let polls = 0
    const calls = fakeApi((call) => {
      if (call.method === 'POST') return { status: 202, body: job() }
      if (call.url.pathname === '/api/v1/videos/imports/imp_0001') {
        polls += 1
        return {
          status: 200,
          body:
            polls < 2
              ? job()
              : job({
                  status: 'errored',
                  reason: 'file_size_exceeded',
                  completed_at: '2026-11-01T10:01:00.000Z',
                }),
        }
      }
      return undefined
    })
    renderSection()

    await importUrl('https://videos.example.com/huge.mp4', 'Import in the background')

    const imports = await screen.findByRole('list', { name: 'Imports' })
    expect(imports.closest('[aria-live="polite"]')).not.toBeNull()
    expect(JSON.parse(localStorage.getItem(storageKey) ?? '[]')).toEqual([
      { id: 'imp_0001', url: 'https://videos.example.com/huge.mp4' },
    ])
    expect(await within(imports).findByText('Failed: it is larger than 5 GB.')).toBeInTheDocument()
    expect(creations(calls)[0]?.body).toMatchObject({ async: true })
  })

  it('picks up imports kept from before a reload, links the video once and can dismiss it', async () => {
    localStorage.setItem(
      storageKey,
      JSON.stringify([{ id: 'imp_0002', url: 'https://videos.example.com/kept.mp4' }]),
    )
    const created = video({ id: 'vid0000077', caption: 'Kept caption' })
    let polls = 0
    fakeApi((call) => {
      if (call.url.pathname === '/api/v1/videos/imports/imp_0002') {
        polls += 1
        return {
          status: 200,
          body:
            polls < 2
              ? job({ id: 'imp_0002', video_id: 'vid0000077' })
              : job({
                  id: 'imp_0002',
                  video_id: 'vid0000077',
                  status: 'completed',
                  completed_at: '2026-11-01T10:01:00.000Z',
                }),
        }
      }
      if (call.url.pathname === '/api/v1/videos/vid0000077') return { status: 200, body: created }
      return undefined
    })
    const { onVideoCreated } = renderSection()

    const imports = await screen.findByRole('list', { name: 'Imports' })
    const row = within(imports).getByRole('listitem')
    await vi.waitFor(() => expect(row).toHaveTextContent('Done: Kept caption'))
    expect(within(row).getByRole('link', { name: 'Kept caption' })).toHaveAttribute(
      'href',
      '/videos/vid0000077',
    )
    expect(onVideoCreated).toHaveBeenCalledTimes(1)
    expect(onVideoCreated).toHaveBeenCalledWith(created)
    expect(JSON.parse(localStorage.getItem(storageKey) ?? '[]')).toEqual([
      { id: 'imp_0002', url: 'https://videos.example.com/kept.mp4', videoReported: true },
    ])

    await userEvent.click(
      within(row).getByRole('button', { name: 'Dismiss the import of kept.mp4' }),
    )

    expect(screen.queryByRole('list', { name: 'Imports' })).not.toBeInTheDocument()
    expect(localStorage.getItem(storageKey)).toBeNull()
  })

  it('still reads a running import now and then while live updates are up, so a lost event cannot leave it processing', async () => {
    // A stream that opens and then says nothing: the event of the import's end never comes.
    class SilentStream {
      onopen: (() => void) | null = null
      onerror: (() => void) | null = null
      constructor() {
        setTimeout(() => this.onopen?.())
      }
      addEventListener() {}
      close() {}
    }
    vi.stubGlobal('EventSource', SilentStream)
    startLiveEvents()
    localStorage.setItem(
      storageKey,
      JSON.stringify([{ id: 'imp_0003', url: 'https://videos.example.com/late.mp4' }]),
    )
    let reads = 0
    fakeApi((call) => {
      if (call.url.pathname === '/api/v1/videos/imports/imp_0003') {
        reads += 1
        const running = job({ id: 'imp_0003', video_id: 'vid0000078' })
        return { status: 200, body: reads < 3 ? running : { ...running, status: 'completed' } }
      }
      if (call.url.pathname === '/api/v1/videos/vid0000078')
        return { status: 200, body: video({ id: 'vid0000078', caption: 'Late caption' }) }
      return undefined
    })
    try {
      renderSection()
      const row = within(await screen.findByRole('list', { name: 'Imports' })).getByRole('listitem')
      await vi.waitFor(() => expect(row).toHaveTextContent('Done: Late caption'), { timeout: 3000 })
    } finally {
      stopLiveEvents()
    }
  })
})
