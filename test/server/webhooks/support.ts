import { createHmac } from 'node:crypto'

/** A delivery as the service sends it: the body, and its signature for `secret` at `atMs`. */
export function delivery(secret: string, event: object, atMs = Date.now()) {
  const body = JSON.stringify(event)
  const v1 = createHmac('sha256', secret).update(`${atMs}.${body}`).digest('base64')
  return { body, signature: `t=${atMs},v1=${v1}` }
}

/** A video event as the service sends it (document 1, 6.3: the whole webhook snapshot). */
export const videoEvent = (
  id: string,
  created: number,
  type = 'video_updated',
  changes: { caption?: string; product_ids?: string[] } = {},
) => ({
  event_type: type,
  version: '2023-06-06',
  created,
  business_id: 'b1',
  data: {
    id,
    status: 'approved',
    access: 'public',
    audio_disabled: false,
    caption: changes.caption ?? null,
    description: null,
    hashtags: [],
    archived_at: null,
    product_ids: changes.product_ids ?? [],
    custom_fields: {},
    display_social_attributions: false,
    external_media: null,
    thumbnail_url: null,
    video_posters: [],
  },
})

export function postWebhook(url: string, body: string, signature?: string) {
  return fetch(`${url}/webhooks/service`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'service-webhooks-signature': signature } : {}),
    },
    body,
  })
}

export interface SseEvent {
  id: string
  event: string
  data: string
}

/** The event stream of a dashboard, opened with a signed-in session, its events collected. */
export async function openEvents(
  dashboard: { url: string; session: Record<string, string> },
  lastEventId?: string,
) {
  const controller = new AbortController()
  const response = await fetch(`${dashboard.url}/events`, {
    headers: {
      cookie: dashboard.session.cookie ?? '',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  })
  const events: SseEvent[] = []
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let ended = false
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }))
      if (!chunk || chunk.done) {
        ended = true
        return
      }
      text += decoder.decode(chunk.value, { stream: true })
      let end = text.indexOf('\n\n')
      while (end >= 0) {
        const block = text.slice(0, end)
        text = text.slice(end + 2)
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? ''
        if (field('event') && field('event') !== 'ready')
          events.push({ id: field('id'), event: field('event'), data: field('data') })
        end = text.indexOf('\n\n')
      }
    }
  })()
  return {
    response,
    events,
    /** The server ended the stream (or it was closed here). */
    get ended() {
      return ended
    },
    close: async () => {
      controller.abort()
      await reading
    },
  }
}
