// The app rendered on the dashboard server for one navigation: the same components, a router on
// memory history at the request's URL, a query cache of its own, and the loaders' requests sent
// back to this server over loopback with the visitor's cookie. Built by `vite build --ssr`.
import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { setApiFetch } from '@/api/api-fetch'
import { client } from '@/api/client'
import { App } from '@/app/app-providers'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { setServerRenderedAt } from '@/lib/render-clock'

export interface RenderRequest {
  /** Path and query, as the browser asked for them. */
  url: string
  /** The visitor's Cookie header: the loaders act as them. */
  cookie: string
  /** Where this server answers on loopback, e.g. http://127.0.0.1:4000. */
  origin: string
}

export type RenderResult =
  | { kind: 'page'; html: string; state: string; timings: { loadMs: number; renderMs: number } }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' }

const visitor = new AsyncLocalStorage<RenderRequest>()

setApiFetch((input, init) => {
  const request = visitor.getStore()
  if (!request) throw new Error('an API call outside a server render')
  const url = typeof input === 'string' ? new URL(input, request.origin) : new URL(input.url)
  const headers = new Headers(input instanceof Request ? input.headers : init?.headers)
  headers.set('cookie', request.cookie)
  return fetch(url, {
    ...init,
    method: input instanceof Request ? input.method : init?.method,
    headers,
    signal: input instanceof Request ? input.signal : init?.signal,
  })
})

export function render(request: RenderRequest): Promise<RenderResult> {
  return visitor.run(request, async (): Promise<RenderResult> => {
    // The generated client builds a Request before fetching, which needs an absolute URL here.
    client.setConfig({ baseUrl: request.origin })
    const queryClient = createQueryClient()
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: [request.url] }),
    })
    const started = performance.now()
    await router.load()
    const loaded = performance.now()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      return { kind: 'redirect', location: result.redirect.options.href ?? '/' }
    }
    if (router.state.matches.some((match) => match.status !== 'success')) return { kind: 'none' }
    // renderToString is synchronous: no other visitor's render runs between these lines.
    const renderedAt = Date.now()
    setServerRenderedAt(renderedAt)
    const html = renderToString(<App queryClient={queryClient} router={router} />)
    const state = JSON.stringify({ queries: dehydrate(queryClient), renderedAt }).replace(
      /</g,
      '\\u003c',
    )
    queryClient.clear()
    const timings = { loadMs: loaded - started, renderMs: performance.now() - loaded }
    return { kind: 'page', html, state, timings }
  })
}
