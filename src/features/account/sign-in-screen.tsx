import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { localPath } from '@/api/local-path'
import { providersQuery } from '@/api/queries/session'
import { SignInForm } from '@/components/sign-in-form'
import { buttonClasses } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { AuthCard } from './auth-card'

/**
 * The only screen anyone reaches signed out; back to where they were going once signed in (the
 * address bar's `redirect`, if it is a page of this site; the video library otherwise). With an
 * OpenID provider configured, its button comes first; `error` is the server's code for why a
 * sign-in through it came back here.
 */
export function SignInScreen({
  redirect,
  error,
}: {
  redirect: string | undefined
  error?: string | undefined
}) {
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const destination = localPath(redirect, window.location.origin, '/videos')
  const { data } = useQuery(providersQuery())
  const oidc = data?.oidc ?? null
  return (
    <AuthCard title="Sign in to Shoppable Studio">
      {error ? (
        <Callout tone="danger" role="alert">
          {refusalMessage(error, oidc?.name ?? 'your company account')}
        </Callout>
      ) : null}
      {oidc ? (
        <>
          {/* A full page load: the server sends the browser on to the provider. */}
          <a
            href={`/auth/oidc/start?${new URLSearchParams({ next: destination })}`}
            className={`${buttonClasses('secondary')} w-full`}
          >
            Sign in with {oidc.name}
          </a>
          <p className="flex items-center gap-3 text-sm text-slate-600">
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
            or with your email and password
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
          </p>
        </>
      ) : null}
      <SignInForm
        onSignedIn={() => {
          // What the signed-out visit asked for was refused (401) and is cached so, in the query
          // cache and the router's: shown again, the destination would flash that refusal while
          // its new load runs. It is asked for afresh instead.
          queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' })
          router.clearCache()
          navigate({ href: destination, replace: true })
        }}
      />
    </AuthCard>
  )
}

function refusalMessage(code: string, name: string): string {
  switch (code) {
    case 'denied':
      return `Signing in with ${name} was cancelled. Try again, or use your email and password.`
    case 'expired':
      return `Signing in with ${name} took too long, or was started in another browser. Start again.`
    case 'state':
      return `Signing in with ${name} was refused: the answer did not belong to the sign-in started here. Start again.`
    case 'email':
      return `Signing in with ${name} needs a verified email address, and none was given for you. Ask your administrator.`
    case 'no-role':
      return `You signed in with ${name}, but you are not in a group that may use Shoppable Studio. Ask your administrator for access.`
    case 'deactivated':
      return 'Your Shoppable Studio account is deactivated. Ask an administrator to reactivate it.'
    case 'linked':
      return `This email address is already linked to another sign-in with ${name}. Ask an administrator.`
    case 'unverified':
      return `Signing in with ${name} could not be linked to your Shoppable Studio account: ${name} did not confirm that the email address is yours. Sign in with your password, or ask your administrator.`
    case 'unavailable':
      return `Signing in with ${name} is not possible just now: it cannot be reached. Try again in a minute, or use your email and password.`
    default:
      return `Signing in with ${name} did not work: it could not confirm who you are. Try again, and if it keeps failing, tell your administrator.`
  }
}
