import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { closeGuarded, guardResponses } from '../../bench/reference/guard.ts'
import { launchChromium } from './support/browser.ts'
import { type SignedInSite, startSignedInSite } from './support/signed-in-site.ts'

// Every benchmark's measured pages are watched: a page whose requests were refused (401) or
// failed (5xx) showed something else than what is measured, and its run must fail loudly.
let site: SignedInSite
let browser: Browser
beforeAll(async () => {
  site = await startSignedInSite()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function visit(path: string, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext()
  guardResponses(context)
  if (signedIn)
    await context.addCookies([
      { name: '__Host-session', value: 'ok', domain: '127.0.0.1', path: '/', secure: true },
    ])
  const page = await context.newPage()
  await page.goto(`${site.url}${path}`)
  if (signedIn)
    await page.waitForFunction(() => document.getElementById('answer')?.textContent !== 'waiting')
  return context
}

it('passes a measured page whose every request was answered', async () => {
  await expect(closeGuarded(await visit('/', true), 'the page')).resolves.toBeUndefined()
})

it('fails a measured page shown without its session (401)', async () => {
  await expect(closeGuarded(await visit('/', false), 'the page')).rejects.toThrow(
    /the page: \d+ request\(s\) of the measured page answered 401 or 5xx.*401 GET \//,
  )
})

it('fails a measured page one of whose requests failed (5xx)', async () => {
  await expect(closeGuarded(await visit('/broken', true), 'the page')).rejects.toThrow(
    /500 GET \/api\/broken/,
  )
})
