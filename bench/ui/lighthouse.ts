import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js'
import { freePort } from '../../test/server/support/free-port.ts'
import { launchBrowser } from './harness.ts'

export type Preset = 'desktop' | 'mobile'

export interface LighthouseFigures {
  preset: Preset
  performance: number | null
  accessibility: number | null
  fcp: number | null
  lcp: number | null
  tbt: number | null
  cls: number | null
  speedIndex: number | null
  benchmarkIndex: number | null
  /** The performance score of every run, in the order run; the figures are the median run's. */
  runs: Array<number | null>
  /** `/api/v1/videos` requests Lighthouse saw while it loaded the page. */
  listRequests: number | null
  /** Audits holding a score back: failed accessibility audits, unmet performance audits. */
  findings: string[]
  warnings: string[]
}

/** How many times each preset loads the page; the median run is reported. */
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)

/**
 * Lighthouse's own navigations of `url` (cold cache, its throttling preset), `lighthouseRuns` of
 * them, each in a Chromium that Playwright launches with a remote-debugging port for Lighthouse to
 * drive; the figures are those of the median run, chosen as Lighthouse's own tooling does (closest
 * to the median first paint and time to interactive). One run's mobile score moved between 76 and
 * 95 on unchanged code here, so one run said little. `cookie` is sent with every request, so a
 * page behind sign-in is measured, not the sign-in page it would redirect to.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  cookie: string,
): Promise<LighthouseFigures> {
  const results: Result[] = []
  const warnings: string[] = []
  for (let run = 0; run < lighthouseRuns; run++) {
    const result = await lighthouseWithRetries(url, preset, cookie)
    warnings.push(...result.warnings)
    results.push(result.lhr)
  }
  const valid = filterToValidRuns(results)
  const median = valid.length ? computeMedianRun(valid) : results[0]
  if (!median) throw new Error('Lighthouse made no run')
  const figures = figuresOf(
    preset,
    median,
    results.map((lhr) => scoreOf(lhr, 'performance')),
  )
  return { ...figures, warnings: [...figures.warnings, ...warnings] }
}

// Lighthouse now and then loses its own trace of the load ("NO_NAVSTART"): that is no figure of
// the page, so the run is repeated (up to twice), and the report says so.
async function lighthouseWithRetries(
  url: string,
  preset: Preset,
  cookie: string,
): Promise<{ lhr: Result; warnings: string[] }> {
  const failed: string[] = []
  for (;;) {
    const lhr = await lighthouseOnce(url, preset, cookie)
    const error = lhr.runtimeError?.message
    if (!error || failed.length === 2)
      return { lhr, warnings: failed.map((reason) => `repeated after: runtime error: ${reason}`) }
    failed.push(error)
  }
}

async function lighthouseOnce(url: string, preset: Preset, cookie: string): Promise<Result> {
  const port = await freePort()
  const browser = await launchBrowser([`--remote-debugging-port=${port}`])
  try {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: cookie },
      },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error('Lighthouse returned no result')
    return result.lhr
  } finally {
    await browser.close()
  }
}

function scoreOf(lhr: Result, category: string): number | null {
  const value = lhr.categories[category]?.score
  return value == null ? null : Math.round(value * 100)
}

function shorten(url: string): string {
  if (!URL.canParse(url)) return url
  const { pathname, search } = new URL(url)
  const path = `${pathname}${search}`
  return path.length > 90 ? `${path.slice(0, 87)}...` : path
}

function figuresOf(preset: Preset, lhr: Result, runs: Array<number | null>): LighthouseFigures {
  const score = (id: string) => scoreOf(lhr, id)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const findings: string[] = []
  if (lhr.runtimeError) findings.push(`runtime error: ${lhr.runtimeError.message}`)
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id]
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue
    const items = (audit.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)
      ?.items
    const nodes = (items ?? [])
      .map((item) => item.node?.snippet)
      .filter(Boolean)
      .slice(0, 3)
    findings.push(
      `accessibility: ${audit.id} (${audit.title})${nodes.length ? ` e.g. ${nodes.join(' ')}` : ''}`,
    )
  }
  // What moved: the elements whose shifts make up the layout shift score, largest first.
  const shifts = (
    lhr.audits['layout-shifts']?.details as
      | { items?: Array<{ node?: { snippet?: string }; score?: number }> }
      | undefined
  )?.items
  for (const shift of (shifts ?? []).slice(0, 5))
    findings.push(
      `layout shift ${shift.score?.toFixed(3) ?? '?'}: ${shift.node?.snippet?.slice(0, 140) ?? 'an element'}`,
    )
  const metrics = new Set(
    (lhr.categories.performance?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id),
  )
  for (const audit of Object.values(lhr.audits)) {
    const relevant =
      metrics.has(audit.id) ||
      audit.details?.type === 'opportunity' ||
      audit.id.endsWith('-insight') ||
      [
        'bootup-time',
        'mainthread-work-breakdown',
        'long-tasks',
        'network-dependency-tree-insight',
      ].includes(audit.id)
    if (!relevant || audit.score === null || audit.scoreDisplayMode === 'informative') continue
    if (audit.score >= 0.9) continue
    const urls = ((audit.details as { items?: Array<{ url?: unknown }> } | undefined)?.items ?? [])
      .map((item) => (typeof item.url === 'string' ? shorten(item.url) : null))
      .filter(Boolean)
    const shown = [...new Set(urls)].slice(0, 3)
    findings.push(
      `performance: ${audit.id} (${audit.title})${audit.displayValue ? `: ${audit.displayValue}` : ''} [score ${audit.score}]${shown.length ? ` e.g. ${shown.join(' ')}${urls.length > shown.length ? ` (+${urls.length - shown.length})` : ''}` : ''}`,
    )
  }
  return {
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runs,
    listRequests: listRequestsOf(lhr),
    findings,
    warnings: lhr.runWarnings ?? [],
  }
}

function listRequestsOf(lhr: Result): number | null {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: unknown }> })
    ?.items
  if (!items) return null
  return items.filter(
    (item) => typeof item.url === 'string' && new URL(item.url).pathname === '/api/v1/videos',
  ).length
}
