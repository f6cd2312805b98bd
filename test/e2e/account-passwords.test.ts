import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addAccounts, type TestAccount } from '../server/support/accounts.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
let editor: TestAccount
/** The editor's browsers signed in by the first test, still open during the second. */
const editorDevices: Array<Awaited<ReturnType<typeof editorDevice>>> = []
/** Every address Chromium requested, in every profile, without the fragment (never sent). */
const requested: string[] = []
const recordRequests = (context: BrowserContext) =>
  context.on('request', (request) => requested.push(request.url().split('#', 1)[0] ?? ''))
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
  editor = (await addAccounts({ sqlitePath: app.dashboardDb }, ['editor'])).editor
  recordRequests(app.context)
})
afterAll(() => app?.close())

/** Another browser where the editor is signed in. */
async function editorDevice() {
  const device = await app.newDevice({ signedOut: true })
  recordRequests(device.context)
  await device.context.request.post(`${app.url}/auth/sign-in`, {
    data: { email: editor.email, password: editor.password },
  })
  await device.page.goto(`${app.url}/videos`)
  await shown(device.page.getByRole('button', { name: 'editor@example.com (Editor)', exact: true }))
  return device
}

it('lets a person change their password from the account menu, ending their other sessions', async () => {
  const phone = await editorDevice()
  const laptop = await editorDevice()
  editorDevices.push(phone, laptop)
  const { page } = laptop
  await page.getByRole('button', { name: 'editor@example.com (Editor)', exact: true }).click()
  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your password' })
  await shown(dialog)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  // A wrong current password is refused, and what was typed stays.
  laptop.expectConsoleError(/status of 403/)
  await dialog.getByLabel('Current password').fill('not my password')
  await dialog.getByLabel('New password', { exact: true }).fill('my brand new password')
  await dialog.getByLabel('Repeat the new password').fill('my brand new password')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await shown(dialog.getByRole('alert').filter({ hasText: 'current password is not right' }))
  expect(await dialog.getByLabel('New password', { exact: true }).inputValue()).toBe(
    'my brand new password',
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await dialog.getByLabel('Current password').fill(editor.password)
  await dialog.getByRole('button', { name: 'Change password' }).click()
  // Two password hashes (the current one checked, the new one made) on a busy machine.
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 })
  await shown(page.getByText('Your password is changed', { exact: false }))

  // The phone was signed in with the old password: its session has ended (the browser logs the
  // 401s, and the router the refused preload of the screen the pointer went to), and the new
  // password signs it in again.
  phone.expectConsoleError(/status of 401|Sign in to use the dashboard/)
  await phone.page.getByRole('link', { name: 'Playlists' }).click()
  const signInAgain = phone.page.getByRole('dialog', { name: 'Sign in again' })
  await signInAgain.getByLabel('Password').fill('my brand new password')
  await signInAgain.getByRole('button', { name: 'Sign in' }).click()
  await gone(signInAgain)
  await shown(phone.page.getByRole('heading', { name: 'Playlists' }).first())
  editor = { ...editor, password: 'my brand new password' }
})

it('lets an admin make a reset link with which the person chooses a new password', async () => {
  const { page } = app
  await page.goto(`${app.url}/admin/accounts`)
  const send = page.getByRole('button', { name: 'Send reset link to editor@example.com' })
  await shown(send)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await send.click()
  const dialog = page.getByRole('dialog', { name: 'Reset link for editor@example.com' })
  await shown(dialog)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Make link' }).click()
  const link = await dialog.getByLabel('Reset link').inputValue()
  expect(link).toMatch(/\/reset-password#[\w-]{43}$/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await gone(dialog)

  // Using the link ends the editor's other sessions: their open pages' event streams are refused.
  for (const device of editorDevices) device.expectConsoleError(/status of 401/)
  const person = await app.newDevice({ signedOut: true })
  recordRequests(person.context)
  await person.page.goto(link)
  await shown(person.page.getByRole('heading', { name: 'Choose a new password' }))
  await shown(person.page.getByText(/for editor@example\.com/))
  expect(await seriousAccessibilityViolations(person.page)).toEqual([])
  await person.page.getByLabel('New password', { exact: true }).fill('a password I will keep')
  await person.page.getByLabel('Repeat the new password').fill('a password I will keep')
  await person.page.getByRole('button', { name: 'Set my new password' }).click()
  await shown(person.page.getByRole('button', { name: 'editor@example.com (Editor)', exact: true }))
  for (const device of editorDevices) {
    expect((await device.context.request.get(`${app.url}/auth/me`)).status()).toBe(401)
  }
  const token = new URL(link).hash.slice(1)
  expect(requested.some((url) => url.includes('/auth/reset-links/'))).toBe(true)
  expect(requested.filter((url) => url.includes(token))).toEqual([])

  // Used once, the link is spent.
  const later = await app.newDevice({ signedOut: true })
  later.expectConsoleError(/status of 404/)
  await later.page.goto(link)
  await shown(later.page.getByRole('heading', { name: 'This reset link cannot be used' }))
  await shown(later.page.getByText(/not valid any more/))

  const signIn = (password: string) =>
    app.context.request.post(`${app.url}/auth/sign-in`, {
      data: { email: editor.email, password },
    })
  expect((await signIn(editor.password)).status()).toBe(401)
  expect((await signIn('a password I will keep')).status()).toBe(204)
})
