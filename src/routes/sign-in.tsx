import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SignInScreen } from '../features/account/sign-in-screen'

// Only a path on this site is followed after sign-in, never another address.
const signInSearch = z.object({
  redirect: z.catch(
    z.optional(z.string().check(z.regex(/^\/(?![/\\])/), z.maxLength(2000))),
    undefined,
  ),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  component: function SignInRoute() {
    const { redirect } = Route.useSearch()
    return <SignInScreen redirect={redirect ?? '/videos'} />
  },
})
