import { expect, it } from 'vitest'
import { renderPage } from '../../../bench/all/markdown.ts'
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
