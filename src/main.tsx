import './styles.css'
import './api/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { publicPaths } from './components/shell/root-layout'
import { ShortcutsProvider } from './components/ui/shortcuts'
import { ToastProvider } from './components/ui/toast'
import { applyLiveEventsTo } from './lib/live-cache'
import { startTheme } from './lib/theme'

// Before the first render, so the page never shows the other theme first.
startTheme()

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
applyLiveEventsTo(queryClient)

// The screen's data is asked for before React's first render, and React renders once the route
// has loaded (its data is in the cache), or after half a second at most, since nothing shows
// before then anyway. Rendered earlier, React ran before the preloaded answers were read and so
// held back the screen's own requests, and the list's arrival then re-rendered the whole screen in
// one task. A promise rather than a top-level await, which would split the bundler's runtime out
// of the start chunk: one more script before the first screen.
const loaded = router.load().catch(console.error)
const firstRenderDue = publicPaths.has(window.location.pathname)
  ? Promise.resolve()
  : Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 500))])

// The first render is a transition, so React yields to the browser every few milliseconds instead
// of rendering the shell and the first screen in one long task: the phone's main thread (Lighthouse
// mobile's blocking time) was mostly that task. Nothing the render reads changes while it runs,
// since the route has loaded, so React has no reason to redo it in one go.
const render = () => {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ShortcutsProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </ShortcutsProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}

firstRenderDue.then(render)
