import { vi } from 'vitest'

export interface Call {
  method: string
  url: URL
  body: unknown
  /** Aborted when the app cancels the request (a newer search replaced it). */
  signal: AbortSignal
}

export interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/** Answers a call, or leaves it to the service's 404 by answering nothing. */
export type Handler = (call: Call) => Answer | Promise<Answer> | undefined

/** Answers by route, "METHOD /path" (the query string is not part of it). */
export type Routes = Record<string, (call: Call) => Answer | Promise<Answer>>

export const json = (body: unknown, status = 200): Answer => ({ status, body })

export const refuse = (status: number, error: string): Answer => ({ status, body: { error } })

export const noContent = (): Answer => ({ status: 204 })

// Stands in for the dashboard server: `fetch` records every request and answers from a handler
// or a route table; what neither answers is a 404, as the service says it.
export function fakeApi(answers: Handler | Routes): Call[] {
  const handler: Handler =
    typeof answers === 'function'
      ? answers
      : (call) => answers[`${call.method} ${call.url.pathname}`]?.(call)
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
        signal: request.signal,
      }
      calls.push(call)
      const answer = (await handler(call)) ?? refuse(404, `Not found: ${call.url.pathname}`)
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      })
    }),
  )
  return calls
}

/** The calls that change something, as method, path and body. */
export const writes = (calls: Call[]) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map(({ method, url, body }) => ({ method, path: url.pathname, body }))

// An answer the test gives when it wants, to look at the page while a request runs.
export function deferred() {
  let resolve!: (answer: Answer) => void
  const promise = new Promise<Answer>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
