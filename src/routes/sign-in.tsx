import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SignInScreen } from '@/features/account/sign-in-screen'

const signInSearch = z.object({
  // Where to go once signed in: the screen follows it only if it is a page of this site.
  redirect: z.catch(z.optional(z.string()), undefined),
  // Why a sign-in through the company's provider came back here (the server's short code).
  error: z.catch(z.optional(z.string().check(z.regex(/^[a-z-]{1,32}$/))), undefined),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  component: function SignInRoute() {
    const { redirect, error } = Route.useSearch()
    return <SignInScreen redirect={redirect} error={error} />
  },
})
