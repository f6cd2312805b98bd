import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SignInScreen } from '../features/account/sign-in-screen'

// Only a path on this site is followed after sign-in, never another address.
const signInSearch = z.object({
  redirect: z.catch(
    z.optional(z.string().check(z.regex(/^\/(?![/\\])/), z.maxLength(2000))),
    undefined,
  ),
  // Why a sign-in through the company's provider came back here (the server's short code).
  error: z.catch(z.optional(z.string().check(z.regex(/^[a-z-]{1,32}$/))), undefined),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  component: function SignInRoute() {
    const { redirect, error } = Route.useSearch()
    return <SignInScreen redirect={redirect ?? '/videos'} error={error} />
  },
})
