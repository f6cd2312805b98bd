import type { Row } from '../reference/figures.ts'
import { PROBE_SIZES } from './blank-page.ts'
import type { CpuUse } from './cpu.ts'
import type { Method, Outcome, Run } from './run.ts'
import { fileBytes, LATENCY_MS, nodeDiagnostic, rounds } from './settings.ts'

const mb = (bytes: number) => bytes / 1e6
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const rate = (ms: number | undefined) =>
  ms === undefined ? '—' : `${(mb(fileBytes) / (ms / 1000)).toFixed(1)} MB/s`

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function medianOf(runs: Run[], pick: (run: Run) => number | undefined): number | undefined {
  const values = runs.map(pick).filter((value): value is number => value !== undefined)
  return values.length > 0 ? median(values) : undefined
}

/** The uploader's start to its complete answer; for the others, parts phase plus complete call. */
function endToEnd(run: Run): number | undefined {
  return run.endToEndMs ?? (run.completeMs === undefined ? undefined : run.partsMs + run.completeMs)
}

export function report(input: {
  outcomes: Record<Method, Outcome>
  partsCount: number
  partSize: number
  without: Record<number, number[]>
  networkOnly: Record<number, number[]>
  withLatency: Record<number, number[]>
  totalMs: number
}): UploadFigures {
  const { outcomes } = input
  const out: string[] = ['']
  out.push(
    `bench:upload — ${fileBytes} bytes (${(fileBytes / 1024 ** 2).toFixed(0)} MiB) in ${input.partsCount} parts of ${input.partSize} bytes (${(input.partSize / 1024 ** 2).toFixed(2)} MiB; the app's part plan)`,
  )
  out.push(
    `Chromium with ${LATENCY_MS} ms emulated round-trip latency (DevTools), no throughput limit; ${rounds} round(s), medians compared`,
  )
  const probes = PROBE_SIZES.map((size) => ({
    size,
    without: median(input.without[size] ?? []),
    networkOnly: median(input.networkOnly[size] ?? []),
    withLatency: median(input.withLatency[size] ?? []),
  }))
  const ms = (value: number) => `${value.toFixed(1)} ms`
  out.push(
    `Latency check, PUTs of a slice of the file to the store one after another (median of 9): no DevTools / Network.enable / + ${LATENCY_MS} ms emulated:`,
  )
  for (const p of probes) {
    out.push(
      `  ${p.size === 1 ? '1 B' : `${p.size / 1024 ** 2} MiB`}: ${ms(p.without)} / ${ms(p.networkOnly)} / ${ms(p.withLatency)} (emulation adds ${ms(p.withLatency - p.networkOnly)})`,
    )
  }
  const added = (probes[0]?.withLatency ?? 0) - (probes[0]?.networkOnly ?? 0)
  out.push(
    `  ${added >= LATENCY_MS * 0.75 ? 'the emulated latency applies to fetch uploads' : 'the emulated latency does NOT visibly apply to fetch uploads'}`,
  )
  out.push('')
  const header = [
    'method',
    'parts phase',
    'throughput',
    'complete call',
    'parts + complete',
    'in flight max / mean',
    'part PUT (median)',
    'CPU cores: server / browser / rest',
    'renderer main thread',
    'runs (parts-phase MB/s)',
    'note',
  ]
  const rows = (Object.keys(outcomes) as Method[])
    .filter((method) => method !== 'node' || nodeDiagnostic)
    .map((method) => {
      const { label, runs, problem } = outcomes[method]
      const partsMs = medianOf(runs, (run) => run.partsMs)
      const completeMs = medianOf(runs, (run) => run.completeMs)
      const endToEndMs = medianOf(runs, endToEnd)
      const cpu = (pick: (use: CpuUse) => number) => medianOf(runs, (run) => pick(run.cpu)) ?? 0
      const server = cpu((use) => use.serverCores)
      const browser = cpu((use) => use.browserCores)
      const rest = cpu((use) => use.machineCores - use.serverCores - use.browserCores)
      const notes = [...new Set(runs.map((run) => run.note))]
      if (problem) notes.push(problem)
      return [
        label,
        partsMs === undefined ? '—' : seconds(partsMs),
        rate(partsMs),
        completeMs === undefined ? '—' : seconds(completeMs),
        endToEndMs === undefined ? '—' : `${seconds(endToEndMs)} (${rate(endToEndMs)})`,
        runs.length === 0
          ? '—'
          : `${Math.max(...runs.map((run) => run.maxInFlight))} / ${medianOf(runs, (run) => run.meanInFlight)?.toFixed(1) ?? '—'}`,
        ((ms) => (ms === undefined ? '—' : `${ms.toFixed(0)} ms`))(
          medianOf(runs, (run) => run.partMedianMs),
        ),
        runs.length === 0
          ? '—'
          : `${server.toFixed(2)} / ${browser.toFixed(2)} / ${rest.toFixed(2)} of ${runs[0]?.cpu.cores}`,
        ((busy, script) =>
          busy === undefined ? '—' : `${busy.toFixed(2)} s (script ${(script ?? 0).toFixed(2)} s)`)(
          medianOf(runs, (run) => run.rendererTaskS),
          medianOf(runs, (run) => run.rendererScriptS),
        ),
        runs.map((run) => (mb(fileBytes) / (run.partsMs / 1000)).toFixed(1)).join(', ') || '—',
        notes.join('; '),
      ]
    })
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')
  out.push(line(header))
  for (const row of rows) out.push(line(row))
  out.push('')
  const pool = medianOf(outcomes.pool.runs, (run) => run.partsMs)
  const sequential = medianOf(outcomes.sequential.runs, (run) => run.partsMs)
  const uploader = medianOf(outcomes.uploader.runs, (run) => run.partsMs)
  // Throughput ratios, from the parts-phase times (same bytes each time).
  if (uploader !== undefined && pool !== undefined) {
    const share = pool / uploader
    out.push(
      `uploader / pool: ${(share * 100).toFixed(1)}% of the pool's parts-phase throughput (goal ≥ 90%: ${share >= 0.9 ? 'met' : 'NOT met'})`,
    )
    const poolWhole = medianOf(outcomes.pool.runs, endToEnd)
    const uploaderWhole = medianOf(outcomes.uploader.runs, endToEnd)
    if (poolWhole !== undefined && uploaderWhole !== undefined) {
      out.push(
        `uploader / pool, whole upload (uploader: its start to the complete answer, signatures and assembly included; pool: parts phase + complete call): ${((poolWhole / uploaderWhole) * 100).toFixed(1)}%`,
      )
    }
    const timeline = outcomes.uploader.runs.map((run) => run.timeline)
    const at = (pick: (t: NonNullable<Run['timeline']>) => number) =>
      seconds(median(timeline.filter((t) => t !== undefined).map(pick)))
    out.push(
      `uploader timeline (median, from the start): signatures answered ${at((t) => t.signaturesAnswered)}, first part sent ${at((t) => t.firstPartSent)}, last part answered ${at((t) => t.lastPartAnswered)}, complete sent ${at((t) => t.completeSent)}, answered ${at((t) => t.completeAnswered)}`,
    )
  } else {
    out.push(`uploader / pool: not measured (${outcomes.uploader.problem ?? 'no run'})`)
  }
  out.push(
    `pool / sequential: ${pool !== undefined && sequential !== undefined ? `${(sequential / pool).toFixed(2)}×` : 'not measured'}`,
  )
  out.push(
    `MB = 10^6 bytes; throughput = file size / parts phase (first part PUT sent to last answered); CPU: cores busy on average during each parts phase (server = dashboard + sandbox process; browser = Chromium; rest = everything else on the machine); renderer main thread: the page's busy time (DevTools TaskDuration) over the parts phase. Total run ${seconds(input.totalMs)}.`,
  )
  const throughput = (ms: number | undefined) =>
    ms === undefined ? null : Math.round((mb(fileBytes) / (ms / 1000)) * 10) / 10
  const share = uploader !== undefined && pool !== undefined ? pool / uploader : undefined
  process.stdout.write(`${out.join('\n')}\n`)
  return {
    poolMBps: throughput(pool),
    sequentialMBps: throughput(sequential),
    uploaderMBps: throughput(uploader),
    uploaderShareOfPoolPercent: share === undefined ? null : Math.round(share * 1000) / 10,
    uploaderMainThreadBusyS: medianOf(outcomes.uploader.runs, (run) => run.rendererTaskS) ?? null,
  }
}

/** The figures of bench:upload's JSON line. */
export interface UploadFigures {
  poolMBps: number | null
  sequentialMBps: number | null
  uploaderMBps: number | null
  uploaderShareOfPoolPercent: number | null
  uploaderMainThreadBusyS: number | null
}

/** Its table for `npm run bench`: throughputs as measured (no reference device for them). */
export function uploadRows(figures: UploadFigures): Row[] {
  const rate = (value: number | null) => (value === null ? 'n/a' : `${value} MB/s`)
  return [
    {
      figure: 'Pool of 6 PUTs, parts phase',
      result: rate(figures.poolMBps),
      goal: '',
      met: null,
      key: 'poolMBps',
      value: figures.poolMBps,
    },
    {
      figure: 'One connection, parts phase',
      result: rate(figures.sequentialMBps),
      goal: '',
      met: null,
      key: 'sequentialMBps',
      value: figures.sequentialMBps,
    },
    {
      figure: 'Dashboard uploader, parts phase',
      result: rate(figures.uploaderMBps),
      goal: '',
      met: null,
      key: 'uploaderMBps',
      value: figures.uploaderMBps,
    },
    {
      figure: "Uploader's share of the pool's throughput",
      result:
        figures.uploaderShareOfPoolPercent === null
          ? 'n/a'
          : `${figures.uploaderShareOfPoolPercent}%`,
      goal: '≥ 90%',
      met: figures.uploaderShareOfPoolPercent !== null && figures.uploaderShareOfPoolPercent >= 90,
      key: 'uploaderShareOfPoolPercent',
      value: figures.uploaderShareOfPoolPercent,
    },
    {
      figure: "Uploader's renderer main thread busy",
      result:
        figures.uploaderMainThreadBusyS === null
          ? 'n/a'
          : `${figures.uploaderMainThreadBusyS.toFixed(2)} s`,
      goal: '',
      met: null,
      key: 'uploaderMainThreadBusyS',
      value: figures.uploaderMainThreadBusyS,
    },
  ]
}
