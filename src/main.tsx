import './styles.css'
import './api/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadSignedInBasics } from './api/queries/session'
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

// The screen's data is asked for before React's first render. Rendered first, React (30-60 ms)
// ran before the preloaded answers were read and so held back the screen's own requests; it now
// waits for those answers, or half a second at most, since nothing shows before them anyway.
// A promise rather than a top-level await, which would split the bundler's runtime out of the
// start chunk: one more script before the first screen.
router.load().catch(console.error)
const basicsRead = publicPaths.has(window.location.pathname)
  ? Promise.resolve()
  : Promise.race([
      loadSignedInBasics(queryClient).catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ])

const render = () =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShortcutsProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ShortcutsProvider>
      </QueryClientProvider>
    </StrictMode>,
  )

basicsRead.then(render)
