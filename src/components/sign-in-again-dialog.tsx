import { lazy, Suspense } from 'react'
import { Dialog } from './ui/dialog'

const SignInForm = lazy(() =>
  import('./sign-in-form').then((module) => ({ default: module.SignInForm })),
)

/** The dialog over the screen when its session has ended: the sign-in form, for the same account. */
export default function SignInAgainDialog({
  email,
  onSignedIn,
}: {
  email: string
  onSignedIn: () => void
}) {
  return (
    <Dialog
      title="Sign in again"
      description="Your session ended. Sign in to carry on where you were: what you typed is still here."
      onClose={() => {}}
    >
      <Suspense fallback={<p className="text-sm text-slate-700">Loading…</p>}>
        <SignInForm email={email} onSignedIn={onSignedIn} />
      </Suspense>
    </Dialog>
  )
}
