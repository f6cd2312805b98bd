import './styles.css'
import './api/client'
import { hydrate } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app-providers'
import { createQueryClient } from './app/query-client'
import { holdEarlyInput } from './app/replay-early-input'
import { createAppRouter } from './app/router'
import { publicPaths } from './components/shell/root-layout'
import { setServerRenderedAt } from './lib/hydration'
import { applyLiveEventsTo } from './lib/live-cache'
import { startTheme } from './lib/theme'

// Before the first render, so the page never shows the other theme first.
startTheme()

const queryClient = createQueryClient()
applyLiveEventsTo(queryClient)
const earlyInput = holdEarlyInput()

// A module script is deferred: it runs once the page is parsed, server-rendered markup and its
// data block included, wherever the page puts it.
start()

function start() {
  const container = document.getElementById('root') as HTMLElement
  // A server-rendered page carries the answers its loaders had (a data block, not a script the
  // CSP would have to allow): with them in the cache, the router's load below asks for nothing.
  const serverState = document.getElementById('query-state')?.textContent
  const serverRendered = Boolean(serverState) && container.firstElementChild !== null
  if (serverState) {
    const { queries, renderedAt } = JSON.parse(serverState)
    hydrate(queryClient, queries)
    if (serverRendered) setServerRenderedAt(renderedAt)
  }
  if (serverRendered) earlyInput.replayAfterHydration()
  else earlyInput.drop()
  const router = createAppRouter(queryClient)
  // The server renders the route tree without the Suspense boundaries the client adds around the
  // root and the whole tree; marked as server-rendered, the client leaves them out too, so the
  // markup matches (TanStack's own SSR client sets the same field).
  if (serverRendered) router.ssr = { manifest: undefined }

  // The screen's data is asked for before React's first render, and React renders once the route
  // has loaded (its data is in the cache), or after half a second at most, since nothing shows
  // before then anyway. Rendered earlier, React ran before the preloaded answers were read and so
  // held back the screen's own requests, and the list's arrival then re-rendered the whole screen
  // in one task. Promises rather than a top-level await, which would split the bundler's runtime
  // out of the start chunk: one more script before the first screen.
  const loaded = router.load().catch(console.error)
  const within = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  // Server markup is on screen already: it is hydrated as soon as the route has loaded.
  const firstRenderDue = serverRendered
    ? loaded
    : publicPaths.has(window.location.pathname)
      ? Promise.resolve()
      : Promise.race([loaded, within(500)])

  // The first render is a transition, so React yields to the browser every few milliseconds
  // instead of rendering the shell and the first screen in one long task: the phone's main thread
  // (Lighthouse mobile's blocking time) was mostly that task. Nothing the render reads changes
  // while it runs, since the route has loaded, so React has no reason to redo it in one go.
  // Hydrating server markup is sliced the same way; without it (a failed server render) the page
  // renders as before.
  firstRenderDue.then(() => {
    const app = <App queryClient={queryClient} router={router} />
    startTransition(() => {
      if (serverRendered) hydrateRoot(container, app)
      else createRoot(container).render(app)
    })
  })
}
