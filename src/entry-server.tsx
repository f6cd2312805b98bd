// The app rendered on the dashboard server for one navigation: the same components, a router on
// memory history at the request's URL, a query cache of its own, and the loaders' requests sent
// back to this server over loopback as the visitor. Built by `vite build --ssr` (npm run build).
import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { setApiFetch } from '@/api/api-fetch'
import { client } from '@/api/client'
import type { Render, RenderRequest, RenderResult } from '@/api/server-render'
import { App } from '@/app/app-providers'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { setCookieSource } from '@/lib/cookies'
import { setServerRenderedAt } from '@/lib/hydration'

const visitor = new AsyncLocalStorage<RenderRequest>()

setApiFetch((input, init) => {
  const request = visitor.getStore()
  if (!request) throw new Error('an API call outside a server render')
  const url = typeof input === 'string' ? new URL(input, request.origin) : new URL(input.url)
  const headers = new Headers(input instanceof Request ? input.headers : init?.headers)
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value)
  const own = input instanceof Request ? input.signal : init?.signal
  return fetch(url, {
    ...init,
    method: input instanceof Request ? input.method : init?.method,
    headers,
    signal: own ? AbortSignal.any([own, request.signal]) : request.signal,
  })
})

setCookieSource(() => visitor.getStore()?.headers.cookie ?? '')

// The characters that could end the data block's `<script>` element or break it as JavaScript
// source in old parsers, written as JSON escapes.
const unsafeInScript = /[<\u2028\u2029]/g
const escapeForScript = (json: string) =>
  json.replace(unsafeInScript, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

export const render: Render = (request) =>
  visitor.run(request, async (): Promise<RenderResult> => {
    // The generated client builds a Request before fetching, which needs an absolute URL here.
    client.setConfig({ baseUrl: request.origin })
    const queryClient = createQueryClient()
    try {
      const router = createAppRouter(queryClient, {
        history: createMemoryHistory({ initialEntries: [request.url] }),
      })
      await router.load()
      const requestedPath = new URL(request.url, request.origin).pathname
      // Aborted, redirected elsewhere (signed out meanwhile) or failed: the browser renders it.
      if (
        request.signal.aborted ||
        router.state.location.pathname !== requestedPath ||
        router.state.matches.some((match) => match.status !== 'success')
      )
        return { kind: 'none' }
      // renderToString is synchronous: no other visitor's render runs between these lines.
      const renderedAt = Date.now()
      setServerRenderedAt(renderedAt)
      const html = renderToString(<App queryClient={queryClient} router={router} />)
      setServerRenderedAt(null)
      const state = escapeForScript(JSON.stringify({ queries: dehydrate(queryClient), renderedAt }))
      return { kind: 'page', html, state }
    } finally {
      queryClient.clear()
    }
  })
