import './styles.css'
import './api/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { ShortcutsProvider } from './components/ui/shortcuts'
import { ToastProvider } from './components/ui/toast'
import { applyLiveEventsTo } from './lib/live-cache'
import { startTheme } from './lib/theme'

// Before the first render, so the page never shows the other theme first.
startTheme()

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
applyLiveEventsTo(queryClient)

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
