import { vi } from 'vitest'
import type { Video } from '../../../src/api/generated/types.gen'

export interface Call {
  method: string
  url: URL
  body: unknown
}

type Handler = (
  call: Call,
) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined

// Stands in for the dashboard server: records every request and answers from the handler.
export function fakeApi(handler: Handler) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), location.href), init)
      const text = await request.text()
      const call = {
        method: request.method,
        url: new URL(request.url),
        body: text ? JSON.parse(text) : undefined,
      }
      calls.push(call)
      const answer = handler(call) ?? { status: 404, body: { error: 'Not found' } }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      })
    }),
  )
  return calls
}

export function video(overrides: Partial<Video> = {}): Video {
  return {
    id: 'vid0000001',
    access: 'public',
    audio_disabled: false,
    caption: 'Linen dress',
    content_generation_type: null,
    description: null,
    duration: 6,
    hashtags: [],
    archived_at: null,
    published_at: '2026-11-01T10:00:00.000Z',
    is_published: true,
    action_type: null,
    action_type_translation: null,
    action_url: null,
    action_custom_label: null,
    product_ids: [],
    variant_ids: [],
    custom_fields: {},
    display_social_attributions: false,
    external_media: null,
    thumbnail_url: null,
    watch_url: 'http://localhost:4010/watch/vid0000001',
    video_posters: [],
    ...overrides,
  }
}
