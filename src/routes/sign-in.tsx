import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignInScreen } from '@/features/account/sign-in-screen'
import { optionalParam } from '@/lib/search-params'

const signInSearch = v.object({
  // Where to go once signed in: the screen follows it only if it is a page of this site.
  redirect: optionalParam(v.string()),
  // Why a sign-in through the company's provider came back here (the server's short code).
  error: optionalParam(v.pipe(v.string(), v.regex(/^[a-z-]{1,32}$/))),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  component: function SignInRoute() {
    const { redirect, error } = Route.useSearch()
    return <SignInScreen redirect={redirect} error={error} />
  },
})
