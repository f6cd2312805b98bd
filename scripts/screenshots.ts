// npm run screenshots — the README's pictures, taken from the demo `npm start` serves: the app
// built as it is in the working tree (into a temp dir; `dist/` is not touched), the dashboard
// started from the environment reading `npm start` uses (embedded sandbox, demo seed, the
// merchandising index), the demo admin signed in through the sign-in page with the password the
// server announces, and each screen saved as a PNG under docs/images/. Run it after a change that
// alters how the library or the review queue looks, and commit the pictures.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { buildApp, launchBrowser, makeTempDir, repoRoot } from '../bench/ui/harness.ts'
import { demoAdminEmail } from '../server/dashboard/auth/demo-admin.ts'
import { dashboardOptionsFromEnv } from '../server/dashboard/env.ts'
import { startDashboard } from '../server/dashboard/start.ts'

const imagesDir = join(repoRoot, 'docs', 'images')

/** Each picture: where it is saved, the screen it shows, and what shows once the screen is ready. */
const screens = [
  {
    file: 'library.png',
    path: '/videos',
    ready: (page: Page) => page.locator('ul[aria-label="Videos"] li').first(),
  },
  {
    file: 'review-queue.png',
    path: '/matches',
    ready: (page: Page) => page.locator('ol[aria-label="Suggested products"] li[data-active]'),
  },
]

const temp = makeTempDir()
const quiet = () => {}
try {
  const distDir = join(temp.dir, 'dist')
  console.log('Building the app…')
  await buildApp(distDir)

  // npm start's own reading of the environment, with fresh databases and free ports.
  const options = dashboardOptionsFromEnv(
    {
      PORT: '0',
      SANDBOX_PORT: '0',
      DASHBOARD_DB: join(temp.dir, 'dashboard.db'),
      SANDBOX_DB: join(temp.dir, 'sandbox.db'),
      SANDBOX_DATA_DIR: temp.dir,
      LOG_LEVEL: 'warn',
    },
    [],
  )
  let announced = ''
  console.log('Starting the dashboard with the demo data…')
  const dashboard = await startDashboard({
    ...options,
    distDir,
    log: quiet,
    sandbox: { ...options.sandbox, log: quiet },
    createDemoAdmin: true,
    announce: (text) => {
      announced = text
    },
  })
  try {
    const password = /password:\s+(\S+)/.exec(announced)?.[1]
    if (!password) throw new Error(`the dashboard announced no demo admin password: ${announced}`)
    await takeScreenshots(dashboard.url, password)
  } finally {
    await dashboard.close()
  }
} finally {
  temp.remove()
}

async function takeScreenshots(url: string, password: string) {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme: 'light',
      locale: 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    await page.goto(`${url}/sign-in`)
    await page.getByLabel('Email').fill(demoAdminEmail)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((address) => !address.pathname.startsWith('/sign-in'))
    await indexFilled(page, url)

    mkdirSync(imagesDir, { recursive: true })
    for (const screen of screens) {
      await page.goto(`${url}${screen.path}`)
      await screen.ready(page).waitFor({ state: 'visible', timeout: 60_000 })
      await picturesLoaded(page)
      const file = join(imagesDir, screen.file)
      await page.screenshot({ path: file })
      console.log(`Saved ${file}`)
    }
  } finally {
    await browser.close()
  }
}

/** The index's backfill is done, so every figure and badge the screens show is there. */
async function indexFilled(page: Page, url: string) {
  const deadline = Date.now() + 300_000
  for (;;) {
    const status = await page.request.get(`${url}/api/dashboard/index/status`)
    if (((await status.json()) as { state: string }).state === 'ready') return
    if (Date.now() > deadline) throw new Error('the index was not filled within 5 minutes')
    await page.waitForTimeout(250)
  }
}

/** Every image in view has loaded (or failed), and no request is still running. */
async function picturesLoaded(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.loading === 'lazy'),
  )
}
