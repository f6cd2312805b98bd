import { useNavigate } from '@tanstack/react-router'
import { SignInForm } from '../../components/sign-in-form'
import { AuthCard } from './auth-card'

/** The only screen anyone reaches signed out; back to where they were going once signed in. */
export function SignInScreen({ redirect }: { redirect: string }) {
  const navigate = useNavigate()
  return (
    <AuthCard title="Sign in to Shoppable Studio">
      <SignInForm onSignedIn={() => navigate({ href: redirect, replace: true })} />
    </AuthCard>
  )
}
