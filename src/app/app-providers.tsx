import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { ShortcutsProvider } from '@/components/ui/shortcuts'
import { ToastProvider } from '@/components/ui/toast'
import { HydrationDone } from '@/lib/hydration'
import type { createAppRouter } from './router'

/** The whole app as both the browser and a server render show it: the two must stay the same tree. */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShortcutsProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ShortcutsProvider>
      </QueryClientProvider>
      {/* Last: its effect runs after every other effect, the providers' own listeners included. */}
      <HydrationDone />
    </StrictMode>
  )
}
