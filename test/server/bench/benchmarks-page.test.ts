import { expect, it } from 'vitest'
import { renderPage } from '../../../bench/all/markdown.ts'
import { type Results, recordLatest } from '../../../bench/all/results.ts'
import type { BenchReport } from '../../../bench/reference/report.ts'

// `npm run bench` writes docs/benchmarks.md: one table of every benchmark's figures with goal,
// met or missed, how each reached the reference device, host index and date; and the same
// figures at two speeds side by side.
const report = (hostIndex: number, value: number, measured: number): BenchReport => ({
  bench: 'auth',
  title: 'bench:auth',
  date: `2026-11-${hostIndex > 1000 ? '28' : '29'}T10:00:00.000Z`,
  node: 'v20.20.2',
  settings: hostIndex > 1000 ? {} : { BENCH_CPU_LIMIT: '0.5' },
  hostIndex,
  host: { server: { start: hostIndex, end: hostIndex } },
  rows: [
    {
      figure: '/healthz during the burst, p95',
      result: `${value} ms`,
      goal: '≤ 50 ms',
      met: value <= 50,
      key: 'healthzP95Ms',
      value,
      measured,
      basis: 'scaled',
      hostIndex,
      note: `measured ${measured} ms × ${(hostIndex / 1000).toFixed(2)} (host ${hostIndex})`,
    },
    { figure: 'Password hashes for the attacked account', result: '4', goal: '≤ 10', met: true },
    { figure: 'of which 401 / 429 / 503', result: '1 / 2 / 3', goal: '', met: null },
  ],
})

// Columns are padded to one width; the assertions read the cells.
const cells = (page: string) => page.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---')

it('lists each figure with its goal, whether met, how it was referred, the host index and the date', () => {
  const page = cells(renderPage({ latest: { auth: report(2400, 60, 25) }, twoSpeeds: {} }))
  expect(page).toContain(
    '| bench:auth | /healthz during the burst, p95 | 60 ms | ≤ 50 ms | **missed** | measured 25 ms × 2.40 (host 2400) | 2,400 | 2026-11-28 |',
  )
  expect(page).toContain(
    '| bench:auth | Password hashes for the attacked account | 4 | ≤ 10 | met | as measured | 2,400 | 2026-11-28 |',
  )
  expect(page).not.toContain('of which 401')
  expect(page).toContain(
    '- **bench:auth** (2026-11-28, Node v20.20.2): host index server 2,400 → 2,400',
  )
})

it('compares the reference figures of two speeds and says whether they agree within 20%', () => {
  const agree = cells(
    renderPage({
      latest: {},
      twoSpeeds: {
        auth: { limit: 0.5, full: report(2400, 60, 25), limited: report(600, 66, 110) },
      },
    }),
  )
  expect(agree).toContain(
    '| bench:auth | healthzP95Ms (/healthz during the burst, p95) | 60 ms (host 2,400, scaled) | 66 ms (host 600, scaled) | +10% | yes | 2026-11-29 |',
  )
  const apart = cells(
    renderPage({
      latest: {},
      twoSpeeds: { auth: { limit: 0.5, full: report(2400, 60, 25), limited: report(600, 45, 75) } },
    }),
  )
  expect(apart).toContain('| -25% | **no** |')
})

it('counts two zeros as agreeing, where a percentage of zero would say nothing', () => {
  const page = cells(
    renderPage({
      latest: {},
      twoSpeeds: { auth: { limit: 0.5, full: report(2400, 0, 0), limited: report(600, 0, 0) } },
    }),
  )
  expect(page).toContain('| 0 ms (host 600, scaled) | +0% | yes |')
})

// The run a new one replaces stays as the other machine when their hosts' speeds differ enough.
const onHost = (hostIndex: number, value: number, settings: Record<string, string> = {}) => ({
  ...report(hostIndex, value, Math.round((value * 1000) / hostIndex)),
  date: `2026-12-0${hostIndex > 2000 ? 2 : 1}T10:00:00.000Z`,
  settings,
})

it('keeps the replaced run beside the latest when its host is at least 1.4 times slower or faster', () => {
  const results: Results = { latest: {}, twoSpeeds: {} }
  recordLatest(results, 'auth', onHost(1400, 40))
  expect(results.otherHost?.auth).toBeUndefined()
  recordLatest(results, 'auth', onHost(1500, 42))
  expect(results.otherHost?.auth).toBeUndefined()
  recordLatest(results, 'auth', onHost(2600, 38))
  expect(results.otherHost?.auth?.hostIndex).toBe(1500)
  // A run at about the latest's speed replaces it; the slower host's run stays while it differs.
  recordLatest(results, 'auth', onHost(2500, 37))
  expect(results.otherHost?.auth?.hostIndex).toBe(1500)
  recordLatest(results, 'auth', onHost(1700, 37))
  expect(results.otherHost?.auth?.hostIndex).toBe(2500)
  recordLatest(results, 'auth', onHost(2200, 37))
  expect(results.otherHost?.auth).toBeUndefined()
})

it('does not set a run with other sizes or a CPU limit beside the latest', () => {
  const results: Results = { latest: {}, twoSpeeds: {} }
  recordLatest(results, 'auth', onHost(1200, 40, { BENCH_AUTH_BURST: '50' }))
  recordLatest(results, 'auth', onHost(2600, 38))
  expect(results.otherHost?.auth).toBeUndefined()
})

it('compares the two hosts, the slower first, and says whether they agree within 20%', () => {
  const page = cells(
    renderPage({
      latest: { auth: onHost(1400, 40) },
      otherHost: { auth: onHost(2800, 46) },
      twoSpeeds: {},
    }),
  )
  expect(page).toContain('## The same figures on two hosts')
  expect(page).toContain(
    '| bench:auth | healthzP95Ms (/healthz during the burst, p95) | 40 ms (host 1,400, scaled) | 46 ms (host 2,800, scaled) | +15% | yes | 2026-12-01, 2026-12-02 |',
  )
  const alone = renderPage({ latest: { auth: onHost(1400, 40) }, twoSpeeds: {} })
  expect(alone).not.toContain('two hosts')
})

it('names the CPU each run had, and keeps a run on another CPU beside the latest at any speed', () => {
  const on = (machine: string | undefined, hostIndex: number) => ({
    ...onHost(hostIndex, 40),
    ...(machine ? { machine } : {}),
  })
  const results: Results = { latest: {}, twoSpeeds: {} }
  recordLatest(results, 'auth', on('Intel Xeon × 2', 2200))
  recordLatest(results, 'auth', on('AMD EPYC × 2', 2100))
  expect(results.otherHost?.auth?.machine).toBe('Intel Xeon × 2')
  const page = cells(renderPage(results))
  expect(page).toContain('- **bench:auth** (2026-12-02, Node v20.20.2, AMD EPYC × 2): host index')
  expect(page).toContain(
    'CPUs (slower host, faster host): bench:auth AMD EPYC × 2, Intel Xeon × 2.',
  )
  // A pair with no timing to set side by side adds no rows, so no CPUs either.
  const countsOnly = (machine: string) => {
    const run = on(machine, 1400)
    return { ...run, bench: 'upload', rows: run.rows.filter((row) => !row.basis) }
  }
  const withUpload = cells(
    renderPage({
      ...results,
      latest: { ...results.latest, upload: countsOnly('AMD EPYC × 2') },
      otherHost: { ...results.otherHost, upload: countsOnly('Intel Xeon × 2') },
    }),
  )
  expect(withUpload).toContain(
    'CPUs (slower host, faster host): bench:auth AMD EPYC × 2, Intel Xeon × 2.',
  )
  // A record from before runs named their CPU is another host by its speed alone.
  recordLatest(results, 'auth', on(undefined, 2150))
  expect(results.otherHost?.auth).toBeUndefined()
})
