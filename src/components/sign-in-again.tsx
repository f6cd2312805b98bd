import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { meQuery } from '../api/queries/session'
import { startLiveEvents, stopLiveEvents } from '../lib/live-events'
import { setSessionEnded, useSessionEnded } from '../lib/session-ended'
import { SignInForm } from './sign-in-form'
import { Dialog } from './ui/dialog'

/**
 * When the session ends under an open screen (it expired, or was signed out everywhere), signing
 * in again happens over the screen, so nothing typed is lost; what failed can then be redone.
 */
export function SignInAgain() {
  const ended = useSessionEnded()
  const { data: me } = useSuspenseQuery(meQuery())
  const queryClient = useQueryClient()
  const router = useRouter()
  if (!ended) return null
  stopLiveEvents()
  return (
    <Dialog
      title="Sign in again"
      description="Your session ended. Sign in to carry on where you were: what you typed is still here."
      onClose={() => {}}
    >
      <SignInForm
        email={me.email}
        onSignedIn={() => {
          setSessionEnded(false)
          startLiveEvents()
          void queryClient.invalidateQueries()
          // A screen whose loader was refused loads now.
          void router.invalidate()
        }}
      />
    </Dialog>
  )
}
