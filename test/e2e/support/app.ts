import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startDashboard } from '../../../server/dashboard/start.ts'
import type { Role } from '../../../src/api/roles.ts'
import { addAccounts, signIn, type TestAccount } from '../../server/support/accounts.ts'
import { launchChromium } from './browser.ts'
import { PageErrors } from './page-errors.ts'
import type { StorageProxy } from './storage-proxy.ts'

export interface RunningApp {
  url: string
  serviceUrl: string
  browser: Browser
  context: BrowserContext
  page: Page
  /** The signed-in account; the browser context holds its session cookie. */
  account: TestAccount
  /** The account database, for a second dashboard or account changes. */
  dashboardDb: string
  /** Headers of a signed-in call from outside the browser (cookie, origin, X-Dashboard-Request). */
  session: Record<string, string>
  /**
   * Declares that this test makes a page log an error matching `pattern` (the message and the
   * address it names), such as Chromium's "Failed to load resource: the server responded with a
   * status of 500" for a fault the test injects. Any other error fails the test.
   */
  expectConsoleError(pattern: RegExp): void
  /** Another browser profile, signed in as the same account. */
  newDevice(): Promise<{
    context: BrowserContext
    page: Page
    expectConsoleError(pattern: RegExp): void
  }>
  close(): Promise<void>
}

const pageErrors = new Set<PageErrors>()

/** Every open app's page errors since the last call, as problems to report (see setup.ts). */
export function settlePageErrors(): string[] {
  return [...pageErrors].flatMap((errors) => errors.settle())
}

// The real dashboard server (serving the built app) in front of a real sandbox with a small,
// deterministic demo library, and a fresh Chromium context.
export async function startApp(
  options: {
    seedVideos?: number
    rateLimit?: string
    storageProxy?: StorageProxy
    /** The signed-in account's role; admin by default. */
    role?: Role
    /** Start signed out (the account exists); signed in by default. */
    signedOut?: boolean
  } = {},
): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'))
  const dashboardDb = join(dir, 'dashboard.db')
  const role = options.role ?? 'admin'
  const account = (await addAccounts({ sqlitePath: dashboardDb }, [role]))[role]
  // The sandbox seeds its storage through the proxy while starting, so its port is chosen first.
  const sandboxPort = options.storageProxy ? await freePort() : 0
  options.storageProxy?.forwardTo(sandboxPort)
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    dashboardDb,
    // Several builds can exist side by side (E2E_DIST_DIR=… with `vite build --outDir …`).
    ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    log: () => {},
    sandbox: {
      port: sandboxPort,
      db: ':memory:',
      dataDir: dir,
      seedVideos: options.seedVideos ?? 120,
      timeScale: 100,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      // The sandbox is reached through the proxy (its addresses, signed storage URLs included,
      // name the proxy), which passes the bytes on.
      ...(options.storageProxy ? { publicUrl: options.storageProxy.url } : {}),
      log: () => {},
    },
  })
  const browser = await launchChromium()
  const devices: PageErrors[] = []
  // A browser profile of its own (one person's laptop), its page errors watched like the first's.
  async function newDevice(signedIn: boolean) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    })
    if (signedIn) {
      await context.request.post(`${dashboard.url}/auth/sign-in`, {
        data: { email: account.email, password: account.password },
      })
    }
    const errors = new PageErrors(context)
    pageErrors.add(errors)
    devices.push(errors)
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    return { context, page, errors }
  }
  const session = await signIn(dashboard.url, account)
  const { context, page, errors } = await newDevice(!options.signedOut)
  return {
    url: dashboard.url,
    serviceUrl: dashboard.serviceUrl,
    browser,
    context,
    page,
    account,
    dashboardDb,
    session,
    expectConsoleError: (pattern) => errors.expect(pattern),
    async newDevice() {
      const device = await newDevice(true)
      return {
        context: device.context,
        page: device.page,
        expectConsoleError: (pattern: RegExp) => device.errors.expect(pattern),
      }
    },
    async close() {
      for (const each of devices) pageErrors.delete(each)
      await browser.close()
      await dashboard.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * A second dashboard on the same sandbox, signed in as the solo business: its plan has neither
 * content_download nor a product-matching quota. It is opened at `localhost`, so the browser
 * keeps its session cookie apart from the first dashboard's (cookies ignore ports).
 */
export async function startSoloDashboard(app: RunningApp) {
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    dashboardDb: app.dashboardDb,
    ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    service: { baseUrl: app.serviceUrl, clientId: 'solo', clientSecret: 'solo-secret' },
    log: () => {},
  })
  const url = dashboard.url.replace('127.0.0.1', 'localhost')
  await app.context.request.post(`${url}/auth/sign-in`, {
    data: { email: app.account.email, password: app.account.password },
  })
  return { ...dashboard, url }
}
