import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { whoCan } from '@/api/operation-phrases.ts'
import { roleMay } from '@/api/operation-roles.ts'
import type { OperationId } from '@/api/operations.gen.ts'
import type { Role } from '@/api/roles.ts'
import { matchOperation } from '../../../server/dashboard/forwarding/operations.ts'
import { addAccounts } from '../../server/support/accounts.ts'
import type { RunningApp } from './app.ts'
import { failedRequest } from './page-errors.ts'
import { shown } from './ui.ts'

// Walking a screen as a role against the contract's role table (src/api/operation-roles.ts):
// what the role may do is enabled, what it may not is disabled with the table's reason in view.

export type Device = Awaited<ReturnType<RunningApp['newDevice']>>

/** A browser signed in as a new account of each role, beside the app's own. */
export async function signedInAs(app: RunningApp, roles: readonly Role[]) {
  const accounts = await addAccounts({ sqlitePath: app.dashboardDb }, roles)
  const devices = {} as Record<Role, Device>
  for (const role of roles) {
    const device = await app.newDevice({ signedOut: true })
    const { email, password } = accounts[role]
    await device.context.request.post(`${app.url}/auth/sign-in`, { data: { email, password } })
    devices[role] = device
  }
  return devices
}

/** The words a control's aria-describedby names, each of them visible on the page. */
async function visibleDescription(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((part) => part?.checkVisibility())
      .map((part) => part?.textContent ?? '')
      .join(' '),
  )
}

/**
 * `control` is enabled when `role` may perform `operationId`; otherwise it is disabled yet
 * focusable (aria-disabled) and described by the plain reason, shown on the page.
 */
export async function expectControlFor(role: Role, control: Locator, operationId: OperationId) {
  await shown(control)
  if (roleMay(role, operationId)) {
    expect(await control.isEnabled()).toBe(true)
    return
  }
  expect(await control.getAttribute('aria-disabled')).toBe('true')
  // Still reachable with the keyboard, so its reason can be heard as well as seen.
  expect(
    await control.evaluate((element: HTMLElement) => {
      element.focus()
      return document.activeElement === element
    }),
  ).toBe(true)
  await expect.poll(() => visibleDescription(control)).toBe(whoCan(operationId))
}

/**
 * A request the UI does not offer, sent from the page as the app would: for a role the table
 * refuses, the dashboard answers 403 with the same plain words the screen shows.
 */
export async function expectRefusalFor(
  role: Role,
  device: Device,
  method: string,
  path: string,
  body: unknown = {},
) {
  const operation = matchOperation(method, path)
  if (!operation) throw new Error(`${method} ${path} is not an operation of the contract`)
  if (roleMay(role, operation.operationId)) return
  device.expectConsoleError(failedRequest(403, new URL(path, device.page.url()).href))
  const answer = await sendFromPage(device.page, method, path, body)
  expect(answer).toEqual({ status: 403, body: { error: whoCan(operation.operationId) } })
}

function sendFromPage(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'x-dashboard-request': '1', 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    },
    { method, path, body },
  )
}
