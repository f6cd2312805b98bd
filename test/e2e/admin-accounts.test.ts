import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 10 })
})
afterAll(() => app?.close())

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
  const sam = await app.newDevice()
  await sam.context.clearCookies()
  await sam.page.goto(link)
  await shown(sam.page.getByText(/You were invited as sam@example\.com/))
  expect(await seriousAccessibilityViolations(sam.page)).toEqual([])
  await sam.page.getByLabel('Choose a password').fill('a password of my own')
  await sam.page.getByLabel('Repeat the password').fill('a password of my own')
  await sam.page.getByRole('button', { name: 'Create my account' }).click()
  await shown(sam.page.getByRole('button', { name: 'sam@example.com (Editor)', exact: true }))

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
    /,admin@example\.com,dashboard\.createInvite,POST,\/auth\/invites,201$/,
  )
})
