import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startDashboard } from '../../../server/dashboard/start.ts'
import { launchChromium } from './browser.ts'

export interface RunningApp {
  url: string
  serviceUrl: string
  browser: Browser
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

// The real dashboard server (serving the built app) in front of a real sandbox with a small,
// deterministic demo library, and a fresh Chromium context.
export async function startApp(
  options: { seedVideos?: number; rateLimit?: string } = {},
): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'))
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    // Several builds can exist side by side (E2E_DIST_DIR=… with `vite build --outDir …`).
    ...(process.env.E2E_DIST_DIR ? { distDir: process.env.E2E_DIST_DIR } : {}),
    log: () => {},
    sandbox: {
      port: 0,
      db: ':memory:',
      dataDir: dir,
      seedVideos: options.seedVideos ?? 120,
      timeScale: 100,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      log: () => {},
    },
  })
  const browser = await launchChromium()
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  return {
    url: dashboard.url,
    serviceUrl: dashboard.serviceUrl,
    browser,
    context,
    page,
    async close() {
      await browser.close()
      await dashboard.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
