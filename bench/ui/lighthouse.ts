import lighthouse, { desktopConfig, type Result } from 'lighthouse'
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
  /** `/api/v1/videos` requests Lighthouse saw while it loaded the page. */
  listRequests: number | null
  /** Audits holding a score back: failed accessibility audits, unmet performance audits. */
  findings: string[]
  warnings: string[]
}

/**
 * Lighthouse's own navigation of `url` (cold cache, its throttling preset) in a Chromium that
 * Playwright launches with a remote-debugging port for Lighthouse to drive. `cookie` is sent with
 * every request, so a page behind sign-in is measured, not the sign-in page it would redirect to.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  cookie: string,
): Promise<LighthouseFigures> {
  // Lighthouse now and then loses its own trace of the load ("NO_NAVSTART"): that is no figure of
  // the page, so the run is repeated (up to twice), and the report says so.
  const failed: string[] = []
  for (;;) {
    const figures = await lighthouseOnce(url, preset, cookie)
    const error = figures.findings.find((finding) => finding.startsWith('runtime error'))
    if (!error || failed.length === 2) {
      figures.warnings.push(...failed.map((reason) => `repeated after: ${reason}`))
      return figures
    }
    failed.push(error)
  }
}

async function lighthouseOnce(
  url: string,
  preset: Preset,
  cookie: string,
): Promise<LighthouseFigures> {
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
    return figuresOf(preset, result.lhr)
  } finally {
    await browser.close()
  }
}

function shorten(url: string): string {
  if (!URL.canParse(url)) return url
  const { pathname, search } = new URL(url)
  const path = `${pathname}${search}`
  return path.length > 90 ? `${path.slice(0, 87)}...` : path
}

function figuresOf(preset: Preset, lhr: Result): LighthouseFigures {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return value == null ? null : Math.round(value * 100)
  }
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
