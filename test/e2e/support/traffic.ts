import type { Page, Request, Response } from 'playwright-core'

export interface RecordedRequest {
  method: string
  url: URL
  /** The JSON body sent, when the request had one. */
  body: unknown
  /** The answer's status: undefined while it runs, null when the request failed. */
  status?: number | null
  /** When it was sent and when it ended (answered in full, or failed), Date.now() ms. */
  sentAt: number
  endedAt?: number
}

export interface Traffic {
  /** Every request the page sent since recording started, in the order sent. */
  requests: RecordedRequest[]
  /** The requests to an exact path of the page's own origin or another, by method. */
  calls(method: string, path: string): RecordedRequest[]
  stop(): void
}

// What the page sends and what it is answered, for tests that assert on requests (what was sent,
// how often, in what order, how it ended) rather than on the screen alone.
export function recordTraffic(page: Page): Traffic {
  const requests: RecordedRequest[] = []
  const byRequest = new WeakMap<Request, RecordedRequest>()
  const onRequest = (request: Request) => {
    const recorded: RecordedRequest = {
      method: request.method(),
      url: new URL(request.url()),
      body: jsonBody(request),
      sentAt: Date.now(),
    }
    byRequest.set(request, recorded)
    requests.push(recorded)
  }
  const onResponse = (response: Response) => {
    const recorded = byRequest.get(response.request())
    if (recorded) recorded.status = response.status()
  }
  const onEnd = (failed: boolean) => (request: Request) => {
    const recorded = byRequest.get(request)
    if (!recorded) return
    if (failed) recorded.status = null
    recorded.endedAt = Date.now()
  }
  const onFinished = onEnd(false)
  const onFailed = onEnd(true)
  page.on('request', onRequest)
  page.on('response', onResponse)
  page.on('requestfinished', onFinished)
  page.on('requestfailed', onFailed)
  return {
    requests,
    calls: (method, path) =>
      requests.filter((request) => request.method === method && request.url.pathname === path),
    stop() {
      page.off('request', onRequest)
      page.off('response', onResponse)
      page.off('requestfinished', onFinished)
      page.off('requestfailed', onFailed)
    },
  }
}

function jsonBody(request: Request): unknown {
  if (!request.headers()['content-type']?.includes('application/json')) return undefined
  return request.postDataJSON()
}
