import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { focused, gone, shown } from './support/ui.ts'

let app: RunningApp
/** Every address Chromium requested, in every profile, without the fragment (never sent). */
const requested: string[] = []
const recordRequests = (context: BrowserContext) =>
  context.on('request', (request) => requested.push(request.url().split('#', 1)[0] ?? ''))
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
  recordRequests(app.context)
})
afterAll(() => app?.close())

const tokenOf = (link: string) => new URL(link).hash.slice(1)

it('invites an editor whose link makes their account, and the audit log shows who did what', async () => {
  const { page } = app
  await page.goto(`${app.url}/admin/accounts`)
  await shown(page.getByRole('heading', { name: 'Accounts' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Invite someone' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone' })
  await dialog.getByLabel('Email').fill('sam@example.com')
  await dialog.getByLabel('Role').selectOption('editor')
  await dialog.getByRole('button', { name: 'Create invitation' }).click()
  const link = await page.getByLabel('Invitation link').inputValue()
  expect(link).toMatch(/\/invite#[\w-]{43}$/)
  await page.getByRole('button', { name: 'Done' }).click()

  // Sam opens the link on their own computer.
  const sam = await app.newDevice({ signedOut: true })
  recordRequests(sam.context)
  await sam.page.goto(link)
  await shown(sam.page.getByText(/You were invited as sam@example\.com/))
  expect(await seriousAccessibilityViolations(sam.page)).toEqual([])
  await sam.page.getByLabel('Choose a password').fill('a password of my own')
  await sam.page.getByLabel('Repeat the password').fill('a password of my own')
  await sam.page.getByRole('button', { name: 'Create my account' }).click()
  await shown(sam.page.getByRole('button', { name: 'sam@example.com (Editor)', exact: true }))
  // The token went to the server in request bodies only, never in an address a proxy logs.
  expect(requested.some((url) => url.includes('/auth/invites/'))).toBe(true)
  expect(requested.filter((url) => url.includes(tokenOf(link)))).toEqual([])

  await page.goto(`${app.url}/admin/audit`)
  const rows = page.getByRole('table', { name: 'Audit log, newest first' }).getByRole('row')
  await shown(rows.filter({ hasText: 'dashboard.acceptInvite' }))
  await shown(
    rows.filter({ hasText: 'dashboard.createInvite' }).filter({ hasText: 'admin@example.com' }),
  )
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await page.getByLabel('Operation').fill('dashboard.createInvite')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await page.waitForURL(/operation=dashboard\.createInvite/)
  await expect.poll(() => rows.count()).toBe(2)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  let text = ''
  for await (const chunk of csv) text += chunk
  expect(text.split('\r\n')[1]).toMatch(
    /,admin@example\.com,dashboard\.createInvite,POST,\/auth\/invites,201,1$/,
  )
})

it('revokes an open invitation from the keyboard, after which its link says it is not valid', async () => {
  const { page } = app
  await page.goto(`${app.url}/admin/accounts`)
  const invitations = page.getByRole('table', { name: 'Open invitations' })
  await shown(page.getByText('No open invitations.'))
  await page.getByRole('button', { name: 'Invite someone' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone' })
  await dialog.getByLabel('Email').fill('kim@example.com')
  await dialog.getByLabel('Role').selectOption('viewer')
  await dialog.getByRole('button', { name: 'Create invitation' }).click()
  const link = await page.getByLabel('Invitation link').inputValue()
  await page.getByRole('button', { name: 'Done' }).click()
  const kim = invitations.getByRole('row').filter({ hasText: 'kim@example.com' })
  await shown(kim.filter({ hasText: 'admin@example.com' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  const revoke = page.getByRole('button', { name: 'Revoke the invitation for kim@example.com' })
  await revoke.focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Revoke this invitation?' })
  await shown(confirm.getByText(/kim@example\.com/))
  await focused(confirm.getByRole('button', { name: 'Keep it' }))
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await gone(confirm)
  await gone(kim)
  await shown(page.getByText('No open invitations.'))

  const stranger = await app.newDevice({ signedOut: true })
  recordRequests(stranger.context)
  // The dashboard answers 404 for a link that is not valid any more, which Chromium logs.
  stranger.expectConsoleError(/status of 404/)
  await stranger.page.goto(link)
  await shown(stranger.page.getByRole('heading', { name: 'This invitation cannot be used' }))
  await shown(stranger.page.getByText(/not valid any more/))
  expect(requested.filter((url) => url.includes(tokenOf(link)))).toEqual([])

  await page.goto(`${app.url}/admin/audit`)
  const rows = page.getByRole('table', { name: 'Audit log, newest first' }).getByRole('row')
  await shown(rows.filter({ hasText: 'dashboard.revokeInvite' }).filter({ hasText: '204' }))
})

it('no longer answers the path form of an invitation link', async () => {
  const response = await app.context.request.get(`${app.url}/auth/invites/some-token`)
  expect(response.status()).toBe(404)
})
