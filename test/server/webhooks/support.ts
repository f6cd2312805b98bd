import { createHmac } from 'node:crypto'

/** A delivery as the service sends it: the body, and its signature for `secret` at `atMs`. */
export function delivery(secret: string, event: object, atMs = Date.now()) {
  const body = JSON.stringify(event)
  const v1 = createHmac('sha256', secret).update(`${atMs}.${body}`).digest('base64')
  return { body, signature: `t=${atMs},v1=${v1}` }
}

export const videoEvent = (id: string, created: number, type = 'video_updated') => ({
  event_type: type,
  version: '2023-06-06',
  created,
  business_id: 'b1',
  data: { id, status: 'approved' },
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

/** An open `GET /events` stream, its events collected as they come. */
/** The event stream of a dashboard, opened with a signed-in session. */
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
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }))
      if (!chunk || chunk.done) return
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
    close: async () => {
      controller.abort()
      await reading
    },
  }
}
