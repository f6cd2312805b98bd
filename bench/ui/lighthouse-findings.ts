import type { Result } from 'lighthouse'
import type { Preset } from '../reference/scale.ts'

// What a Lighthouse run's report says: the figures bench:ui prints and what holds a score back.

export interface LighthouseFigures {
  preset: Preset
  performance: number | null
  accessibility: number | null
  fcp: number | null
  lcp: number | null
  tbt: number | null
  cls: number | null
  speedIndex: number | null
  /** The index Lighthouse measured in its own page during the run. */
  benchmarkIndex: number | null
  /** The host index measured in the run's Chromium before and after it (mean), and the
   * `cpuSlowdownMultiplier` it was given from the index before. */
  hostIndex: number
  multiplier: number
  /** The performance score of every run, in the order run; the figures are the median run's. */
  runs: Array<number | null>
  /** `/api/v1/videos` requests Lighthouse saw while it loaded the page. */
  listRequests: number | null
  /** Audits holding a score back: failed accessibility audits, unmet performance audits. */
  findings: string[]
  warnings: string[]
}

export function scoreOf(lhr: Result, category: string): number | null {
  const value = lhr.categories[category]?.score
  return value == null ? null : Math.round(value * 100)
}

function shorten(url: string): string {
  if (!URL.canParse(url)) return url
  const { pathname, search } = new URL(url)
  const path = `${pathname}${search}`
  return path.length > 90 ? `${path.slice(0, 87)}...` : path
}

export function figuresOf(
  preset: Preset,
  lhr: Result,
  runs: Array<number | null>,
): Omit<LighthouseFigures, 'hostIndex' | 'multiplier'> {
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
