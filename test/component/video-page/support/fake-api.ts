import { vi } from 'vitest'

export interface ApiCall {
  method: string
  path: string
  body: unknown
}

type Handler = (call: ApiCall) => Response | Promise<Response>

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export const refuse = (status: number, error: string) => json({ error }, status)

export const noContent = () => new Response(null, { status: 204 })

// A fake dashboard server: `fetch` answers "METHOD /path" routes and records every call.
// Unrouted paths answer 404 like the service does.
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = new URL(request.url)
    const text = request.method === 'GET' ? '' : await request.text()
    const call = {
      method: request.method,
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
    }
    calls.push(call)
    const handler = routes[`${call.method} ${call.path}`]
    return handler ? handler(call) : refuse(404, `Not found: ${call.path}`)
  })
  vi.stubGlobal('fetch', fetch)
  const writes = () => calls.filter((call) => call.method !== 'GET')
  return { calls, writes }
}

// A response the test releases when it wants, to look at the page while a request runs.
export function deferred() {
  let resolve!: (response: Response) => void
  const promise = new Promise<Response>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
