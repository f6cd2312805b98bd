import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { type Row, table, timing } from '../../../bench/reference/figures.ts'
import { HostSpeed } from '../../../bench/reference/host-index.ts'
import { printReport } from '../../../bench/reference/report.ts'
import {
  browserReference,
  lighthouseMultiplier,
  lighthouseReference,
  serverReference,
} from '../../../bench/reference/scale.ts'

// Every timing a benchmark prints is the reference device's (Lighthouse index 1,000), whatever
// host it ran on: browser timings throttled to it on a faster host and scaled on a slower one,
// server timings scaled, Lighthouse's CPU slowdown set from the host's index.
const host = (start: number, end: number) => {
  const readings = [start, end]
  return HostSpeed.start('chromium', async () => readings.shift() ?? end)
}

afterEach(() => {
  vi.restoreAllMocks()
})

it('throttles browser timings on a faster host and reports them as measured', async () => {
  const speed = await host(2400, 2200)
  const reference = browserReference(speed)
  await speed.end()
  expect(reference).toMatchObject({ basis: 'throttled', rate: 2.4, factor: 1 })
  const row = timing(browserReference(speed), {
    figure: 'First page, p95',
    measured: 300,
    atMost: 350,
    key: 'firstPageP95Ms',
  })
  expect(row).toMatchObject({ result: '300 ms', met: true, value: 300 })
  expect(table([row])).toMatch(
    /First page, p95 +300 ms +≤ 350 ms +met +CPU slowed 2\.40× \(host 2300\)/,
  )
})

it('scales browser timings on a slower host, marks them, and judges the goal on the reference figure', async () => {
  const speed = await host(600, 700)
  await speed.end()
  const row = timing(browserReference(speed), {
    figure: 'Search, p95',
    measured: 140,
    atMost: 100,
    key: 'searchP95Ms',
  })
  expect(row).toMatchObject({ result: '91 ms', met: true, measured: 140 })
  expect(row.value).toBeCloseTo(91)
  expect(table([row])).toMatch(
    /Search, p95 +91 ms +≤ 100 ms +met +measured 140 ms × 0\.65 \(host 650\)/,
  )
})

it('scales server timings on any host', async () => {
  const speed = await host(2000, 2000)
  const row = timing(serverReference(speed), {
    figure: '/healthz, p95',
    measured: 30,
    atMost: 50,
    key: 'healthzP95Ms',
  })
  expect(row).toMatchObject({ result: '60 ms', met: false, value: 60, measured: 30 })
})

it("sets Lighthouse's CPU slowdown from the host's index, never below 1", () => {
  expect(lighthouseMultiplier('mobile', 2000)).toBe(4)
  expect(lighthouseMultiplier('mobile', 3200)).toBe(6.4)
  expect(lighthouseMultiplier('desktop', 3200)).toBe(3.2)
  expect(lighthouseMultiplier('desktop', 800)).toBe(1)
  expect(lighthouseMultiplier('mobile', 400)).toBe(1)
  expect(lighthouseReference(lighthouseMultiplier('mobile', 400), 400).basis).toBe('unthrottled')
  expect(lighthouseReference(lighthouseMultiplier('mobile', 600), 600).basis).toBe('throttled')
})

it('ends with one JSON line keeping every key, the measured value beside each scaled one, and hostIndex', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'))
  vi.stubEnv('BENCH_REPORT_FILE', join(dir, 'report.json'))
  const lines: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line))
  })
  try {
    const server = await HostSpeed.start('server', async () => 500)
    await server.end()
    const rows: Row[] = [
      timing(serverReference(server), {
        figure: 'Product filter, p95',
        measured: 80,
        atMost: 50,
        key: 'productFilterP95Ms',
      }),
      { figure: 'Videos indexed', result: '100', goal: '', met: null, key: 'videos', value: 100 },
    ]
    printReport('index', 'bench:index', rows, { speeds: [server] })
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual({
      productFilterP95Ms: 40,
      productFilterP95MeasuredMs: 80,
      videos: 100,
      hostIndex: 500,
      host: { server: { start: 500, end: 500 } },
      // The CPU's model and count.
      machine: expect.stringMatching(/^.+ × [1-9]\d*$/),
    })
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))
    expect(report).toMatchObject({ bench: 'index', hostIndex: 500, machine: expect.any(String) })
    expect(report.rows[0]).toMatchObject({
      key: 'productFilterP95Ms',
      value: 40,
      measured: 80,
      basis: 'scaled',
      hostIndex: 500,
      met: true,
    })
  } finally {
    vi.unstubAllEnvs()
    rmSync(dir, { recursive: true, force: true })
  }
})
