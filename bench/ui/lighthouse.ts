import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js'
import type { Browser } from 'playwright-core'
import { freePort } from '../../test/server/support/free-port.ts'
import { assertLighthouseNoRefusals } from '../reference/guard.ts'
import { chromiumIndex } from '../reference/host-index.ts'
import { lighthouseMultiplier, type Preset } from '../reference/scale.ts'
import { launchBrowser } from './harness.ts'
import { figuresOf, type LighthouseFigures, scoreOf } from './lighthouse-findings.ts'

export type { LighthouseFigures, Preset }

/** How many times each preset loads the page; the median run is reported. */
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)

interface Run {
  lhr: Result
  hostIndex: number
  multiplier: number
}

/**
 * Lighthouse's own navigations of `url` (cold cache, its throttling preset), `lighthouseRuns` of
 * them, each in a Chromium that Playwright launches with a remote-debugging port for Lighthouse to
 * drive; the figures are those of the median run, chosen as Lighthouse's own tooling does (closest
 * to the median first paint and time to interactive). One run's mobile score moved between 76 and
 * 95 on unchanged code here, so one run said little. Each run's CPU slowdown is referred to the
 * reference device from the index of its Chromium (`lighthouseMultiplier`). `cookie` is put in
 * the browser's cookie store, so a page behind sign-in is measured, and a run in which a request
 * was refused (401) or failed (5xx) fails rather than scoring another page.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  cookie: string,
  options: { runs?: number } = {},
): Promise<LighthouseFigures> {
  const runs: Run[] = []
  const warnings: string[] = []
  for (let run = 0; run < (options.runs ?? lighthouseRuns); run++) {
    const result = await lighthouseWithRetries(url, preset, cookie)
    warnings.push(...result.warnings)
    runs.push(result.run)
  }
  const valid = filterToValidRuns(runs.map((run) => run.lhr))
  const median = valid.length ? computeMedianRun(valid) : runs[0]?.lhr
  const chosen = runs.find((run) => run.lhr === median)
  if (!chosen) throw new Error('Lighthouse made no run')
  const figures = figuresOf(
    preset,
    chosen.lhr,
    runs.map((run) => scoreOf(run.lhr, 'performance')),
  )
  return {
    ...figures,
    hostIndex: chosen.hostIndex,
    multiplier: chosen.multiplier,
    warnings: [...figures.warnings, ...warnings],
  }
}

// Lighthouse now and then loses its own trace of the load ("NO_NAVSTART"): that is no figure of
// the page, so the run is repeated (up to twice), and the report says so.
async function lighthouseWithRetries(
  url: string,
  preset: Preset,
  cookie: string,
): Promise<{ run: Run; warnings: string[] }> {
  const failed: string[] = []
  for (;;) {
    const run = await lighthouseOnce(url, preset, cookie)
    const error = run.lhr.runtimeError?.message
    if (!error || failed.length === 2)
      return { run, warnings: failed.map((reason) => `repeated after: runtime error: ${reason}`) }
    failed.push(error)
  }
}

/**
 * The session goes in the browser's own cookie store before Lighthouse opens its page. Sent as an
 * extra `Cookie` header instead, it is replaced by the store's cookies once the page writes one
 * (the library's `library-channel`), and the page's later requests are refused.
 */
async function signIn(browser: Browser, url: string, cookie: string): Promise<void> {
  const at = cookie.indexOf('=')
  if (at <= 0) return
  const name = cookie.slice(0, at)
  const session = await browser.newBrowserCDPSession()
  await session.send('Storage.setCookies', {
    cookies: [
      {
        name,
        value: cookie.slice(at + 1),
        url: new URL(url).origin,
        path: '/',
        // The dashboard's session cookie is `__Host-` on loopback, which must be Secure.
        secure: name.startsWith('__Host-') || name.startsWith('__Secure-'),
        httpOnly: true,
        sameSite: 'Lax',
      },
    ],
  })
  await session.detach()
}

async function lighthouseOnce(url: string, preset: Preset, cookie: string): Promise<Run> {
  const port = await freePort()
  const browser = await launchBrowser([`--remote-debugging-port=${port}`])
  try {
    const atStart = await chromiumIndex(browser)
    const multiplier = lighthouseMultiplier(preset, atStart)
    await signIn(browser, url, cookie)
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: process.env.BENCH_LIGHTHOUSE_LOG === 'info' ? 'info' : 'error',
        onlyCategories: ['performance', 'accessibility'],
        throttling: { cpuSlowdownMultiplier: multiplier },
      },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error('Lighthouse returned no result')
    if (!result.lhr.runtimeError)
      assertLighthouseNoRefusals(result.lhr.audits, `Lighthouse (${preset}) on ${url}`)
    const atEnd = await chromiumIndex(browser)
    return { lhr: result.lhr, hostIndex: (atStart + atEnd) / 2, multiplier }
  } finally {
    await browser.close()
  }
}
