import '@/api/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SignInScreen } from '@/features/account/sign-in-screen'
import { redirectCorpus } from '../../support/redirect-corpus'
import { fakeApi, json, noContent } from '../support/fake-api'

// The sign-in page as its route shows it, given `redirect` straight from the address bar, and
// any other page, to see where signing in leads.
function renderSignIn(redirect: string | undefined, error?: string) {
  const root = createRootRoute({ component: Outlet })
  const signIn = createRoute({
    getParentRoute: () => root,
    path: '/sign-in',
    component: () => <SignInScreen redirect={redirect} error={error} />,
  })
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: () => <h1>Signed in</h1>,
  })
  const router = createRouter({
    routeTree: root.addChildren([signIn, elsewhere]),
    history: createMemoryHistory({ initialEntries: ['/sign-in'] }),
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

afterEach(() => vi.unstubAllGlobals())

describe('the sign-in screen sends people only to a page of this site', () => {
  it.each(redirectCorpus)('redirect=$target', async ({ target, expected }) => {
    fakeApi({
      'GET /auth/providers': () => json({ oidc: { name: 'Corp Login' } }),
      'POST /auth/sign-in': () => noContent(),
    })
    const router = renderSignIn(target)
    const destination = expected === 'fallback' ? '/videos' : expected

    const company = await screen.findByRole('link', { name: 'Sign in with Corp Login' })
    const start = new URL(company.getAttribute('href') ?? '', window.location.origin)
    expect(start.pathname).toBe('/auth/oidc/start')
    expect(start.searchParams.get('next')).toBe(destination)

    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'a password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('heading', { name: 'Signed in' })
    expect(router.state.location.href).toBe(destination)
  })

  it('goes to the video library when no page was asked for', async () => {
    fakeApi({
      'GET /auth/providers': () => json({ oidc: null }),
      'POST /auth/sign-in': () => noContent(),
    })
    const router = renderSignIn(undefined)
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'a password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('heading', { name: 'Signed in' })
    expect(router.state.location.href).toBe('/videos')
  })
})

describe('why a sign-in through the provider came back', () => {
  it('says in plain words that an unverified email cannot take over an account', async () => {
    fakeApi({ 'GET /auth/providers': () => json({ oidc: { name: 'Corp Login' } }) })
    renderSignIn(undefined, 'unverified')
    await screen.findByRole('link', { name: 'Sign in with Corp Login' })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Signing in with Corp Login could not be linked to your Shoppable Studio account: Corp Login did not confirm that the email address is yours. Sign in with your password, or ask your administrator.',
    )
  })
})
