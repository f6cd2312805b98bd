import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { meQuery } from '@/api/queries/session'
import { startLiveEvents, stopLiveEvents } from '@/lib/live-events'
import { setSessionEnded, useSessionEnded } from '@/lib/session-ended'

// The dialog, the form and its validation load only when a session ends, not with every screen.
const SignInAgainDialog = lazy(() => import('./sign-in-again-dialog'))

/**
 * When the session ends under an open screen (it expired, or was signed out everywhere), signing
 * in again happens over the screen, so nothing typed is lost; what failed can then be redone.
 */
export function SignInAgain() {
  const ended = useSessionEnded()
  const { data: me } = useSuspenseQuery(meQuery())
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    if (ended) stopLiveEvents()
  }, [ended])
  if (!ended) return null
  return (
    <Suspense fallback={null}>
      <SignInAgainDialog
        email={me.email}
        onSignedIn={() => {
          setSessionEnded(false)
          startLiveEvents()
          void queryClient.invalidateQueries()
          // A screen whose loader was refused loads now.
          void router.invalidate()
        }}
      />
    </Suspense>
  )
}
