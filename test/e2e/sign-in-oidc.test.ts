import { afterEach, beforeEach, expect, it } from 'vitest'
import {
  type OidcTestUser,
  providerPassword,
  startOidcProvider,
  type TestOidcProvider,
} from '../server/support/oidc-provider.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { shown } from './support/ui.ts'

const users: OidcTestUser[] = [
  { sub: 'edda-1', email: 'edda@corp.example', groups: ['staff', 'marketing'] },
  { sub: 'otto-1', email: 'otto@corp.example', groups: ['sales'] },
]

let provider: TestOidcProvider
let app: RunningApp
beforeEach(async () => {
  provider = await startOidcProvider(users)
  app = await startApp({
    seedVideos: 10,
    signedOut: true,
    oidc: provider.options({ 'marketing-admins': 'admin', marketing: 'editor' }),
  })
  provider.register(`${app.url}/auth/oidc/callback`)
})
afterEach(async () => {
  await app?.close()
  await provider?.close()
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function signInAtProvider(page: RunningApp['page'], email: string) {
  await page.waitForURL(new RegExp(`^${escapeRegExp(provider.issuer)}/interaction/`))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(providerPassword)
  await page.getByRole('button', { name: 'Continue' }).click()
}

it('signs in through the company provider from the keyboard and opens the page asked for, with the mapped role', async () => {
  const { page } = app
  await page.goto(`${app.url}/sign-in?redirect=%2Fplaylists`)
  const button = page.getByRole('link', { name: 'Sign in with Corp Login' })
  await shown(button)
  await shown(page.getByLabel('Email'))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await button.focus()
  await page.keyboard.press('Enter')
  await signInAtProvider(page, 'edda@corp.example')

  await page.waitForURL(`${app.url}/playlists`)
  await shown(page.getByRole('button', { name: /^edda@corp\.example \(Editor\)/ }))
  await shown(page.getByRole('heading', { name: 'Playlists' }).first())
})

it('tells someone the provider vouches for, but in no mapped group, why they are not let in', async () => {
  const { page } = app
  await page.goto(`${app.url}/sign-in?redirect=%2Fvideos`)
  await page.getByRole('link', { name: 'Sign in with Corp Login' }).click()
  await signInAtProvider(page, 'otto@corp.example')

  await page.waitForURL(/\/sign-in\?error=no-role/)
  await shown(
    page.getByRole('alert').filter({
      hasText:
        'You signed in with Corp Login, but you are not in a group that may use Shoppable Studio',
    }),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  // The password form is still there, for an account of another kind.
  await shown(page.getByRole('button', { name: 'Sign in', exact: true }))
})
