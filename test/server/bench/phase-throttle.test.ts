import { afterEach, expect, it, vi } from 'vitest'
import { renderPage } from '../../../bench/all/markdown.ts'
import { HostSpeed } from '../../../bench/reference/host-index.ts'
import { type BenchReport, printReport } from '../../../bench/reference/report.ts'

// A benchmark of several timed phases slows each phase's page from the host's index measured
// just before it: the report says which rate each phase ran at, and warns when a page did not
// read close to the reference device.
afterEach(() => {
  vi.restoreAllMocks()
})

async function printed() {
  const lines: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line))
  })
  const readings = [1451, 955]
  const speed = await HostSpeed.start('chromium', async () => readings.shift() ?? 955)
  await speed.end()
  printReport('catalog', 'bench:catalog', [], {
    speeds: [speed],
    throttleRate: 1.31,
    underThrottle: 989,
    phases: [
      { name: 'the tag search', hostIndex: 1122, rate: 1.12, underThrottle: 985 },
      { name: 'a last phase', hostIndex: 1256, rate: 1.26, underThrottle: 579 },
    ],
  })
  return lines
}

it('prints each later phase with the host it measured and the rate its page was slowed by', async () => {
  const lines = await printed()
  expect(lines).toContain('Then the tag search: host 1122, its page slowed 1.12× to read 985')
  expect(lines.find((line) => line.startsWith('Measured pages slowed 1.31×'))).not.toMatch(
    /less comparable/,
  )
  expect(JSON.parse(lines.at(-1) ?? '').host.phases).toEqual([
    { name: 'the tag search', chromium: 1122, throttleRate: 1.12, indexUnderThrottle: 985 },
    { name: 'a last phase', chromium: 1256, throttleRate: 1.26, indexUnderThrottle: 579 },
  ])
})

it('warns when a phase’s slowed page read more than 10% from the reference', async () => {
  const lines = await printed()
  expect(lines.find((line) => line.startsWith('Then a last phase'))).toMatch(
    /read 579 — more than 10% from the reference: .* less comparable/,
  )
})

it('names each phase’s rate in the benchmarks page’s hosts', () => {
  const report: BenchReport = {
    bench: 'catalog',
    title: 'bench:catalog',
    date: '2026-11-30T10:00:00.000Z',
    node: 'v20.20.2',
    settings: {},
    hostIndex: 1203,
    host: {
      chromium: { start: 1451, end: 955 },
      throttleRate: 1.31,
      phases: [
        { name: 'the tag search', chromium: 1122, throttleRate: 1.12, indexUnderThrottle: 985 },
      ],
    },
    rows: [],
  }
  expect(renderPage({ latest: { catalog: report }, twoSpeeds: {} })).toContain(
    '- **bench:catalog** (2026-11-30, Node v20.20.2): host index chromium 1,451 → 955, throttleRate 1.31, then the tag search: chromium 1,122, throttleRate 1.12, indexUnderThrottle 985',
  )
})
