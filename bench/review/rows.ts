import { p50AndP95, type Row, timing } from '../reference/figures.ts'
import type { Reference } from '../reference/scale.ts'
import { describe } from '../reference/scale.ts'
import { max, percentile } from '../ui/stats.ts'
import type { AutoAcceptFigures } from './auto-accept.ts'
import type { calibrationError } from './calibration.ts'
import type { ReviewerFigures } from './reviewer.ts'
import type { Timed } from './screen.ts'

const measured = (samples: Array<Timed | null>, part: keyof Timed = 'total') =>
  samples.flatMap((sample) => (sample === null ? [] : [sample[part]]))

const share = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3))

/** A figure that is not a time: compared with its goal as it is. */
function figure(row: {
  figure: string
  value: number | null
  goal?: string
  met?: boolean | null
  key?: string
  format?: (value: number | null) => string
  note?: string
}): Row {
  return {
    figure: row.figure,
    result: (row.format ?? share)(row.value),
    goal: row.goal ?? '',
    met: row.met ?? null,
    ...(row.key ? { key: row.key, value: row.value } : {}),
    ...(row.note ? { note: row.note } : {}),
  }
}

/** The keyboard's figures (as bench:review always gave them), at the reference device. */
export function keyboardRows(
  reference: Reference,
  figures: ReviewerFigures,
  submits: number[],
  floor: Array<Timed | null>,
): Row[] {
  const decided = measured(figures.decisions)
  const advanced = measured(figures.advances)
  const part = (name: string, key: keyof Timed): Row =>
    timing(reference, {
      figure: name,
      measured: percentile(measured(figures.decisions, key), 0.95),
    })
  const missing =
    figures.decisions.length -
    decided.length +
    figures.advances.length -
    advanced.length +
    floor.length -
    measured(floor).length
  return [
    figure({
      figure: 'Decisions timed (suggestions decided)',
      value: figures.decisions.length,
      format: String,
      goal: '≈ 100',
      key: 'decisions',
    }),
    timing(reference, {
      figure: 'Decision to painted, p50',
      measured: percentile(decided, 0.5),
      key: 'decisionP50Ms',
    }),
    timing(reference, {
      figure: 'Decision to painted, p95',
      measured: percentile(decided, 0.95),
      atMost: 16,
      key: 'decisionP95Ms',
    }),
    timing(reference, {
      figure: 'Decision to painted, max',
      measured: max(decided),
      key: 'decisionMaxMs',
    }),
    timing(reference, {
      figure: `The same key on a page that changes one attribute and nothing else, p95 (${floor.length} keys: the measure's floor)`,
      measured: percentile(measured(floor), 0.95),
      key: 'decisionFloorP95Ms',
    }),
    part('Of a decision: the key waiting for the page, p95', 'waited'),
    part('Of a decision: the page changing, p95', 'worked'),
    part('Of a decision: the change waiting for a frame, p95', 'framed'),
    timing(reference, {
      figure: `Enter to next video painted, p50 (${figures.advances.length} videos)`,
      measured: percentile(advanced, 0.5),
    }),
    timing(reference, {
      figure: 'Enter to next video painted, p95',
      measured: percentile(advanced, 0.95),
      atMost: 100,
      key: 'advanceP95Ms',
    }),
    timing(reference, { figure: 'Enter to next video painted, max', measured: max(advanced) }),
    timing(reference, {
      figure: 'Of which the dashboard answering the submit, p95',
      measured: percentile(submits.slice(0, figures.advances.length), 0.95),
    }),
    figure({
      figure: 'Steps not shown within 5 s',
      value: missing,
      format: String,
      goal: '0',
      met: missing === 0,
    }),
  ]
}

/** The scripted reviewer's sustained pace (a rate: measured, not scaled). */
export function paceRows(
  reference: Reference,
  figures: ReviewerFigures,
  errorRate: number,
  submits: number[],
): Row[] {
  const { sustained } = figures
  const minutes = sustained.elapsedMs / 60_000
  const perMinute = minutes > 0 ? sustained.decisions / minutes : null
  const slowest = sustained.perMinute.length > 0 ? Math.min(...sustained.perMinute) : null
  const whole = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1))
  const pages =
    reference.basis === 'throttled'
      ? `page ${describe(reference)}`
      : `not scaled (${describe(reference)})`
  return [
    figure({
      figure: `Scripted reviewer: decisions per minute over ${minutes.toFixed(1)} min (${sustained.decisions} decisions, ${sustained.videos} videos, ${(errorRate * 100).toFixed(0)}% wrong on purpose)`,
      value: perMinute,
      format: whole,
      goal: '≥ 60',
      met: perMinute !== null && perMinute >= 60,
      key: 'decisionsPerMinute',
      note: pages,
    }),
    figure({
      figure: `Scripted reviewer: its slowest whole minute (of ${sustained.perMinute.length})`,
      value: slowest,
      format: (value) => (value === null ? 'n/a' : String(value)),
      goal: '≥ 60',
      met: slowest !== null && slowest >= 60,
      note: sustained.reloads > 0 ? `${sustained.reloads} reload(s) of an emptied queue` : '',
    }),
    p50AndP95(reference, {
      figure: 'Scripted reviewer: the dashboard answering a submit, p50 / p95',
      values: submits.slice(figures.advances.length),
    }),
  ]
}

export function calibrationRows(
  reference: Reference,
  timings: { all: number[]; byCase: Map<string, number[]>; decisions: number },
  error: Awaited<ReturnType<typeof calibrationError>>,
): Row[] {
  return [
    timing(reference, {
      figure: `Calibration page's answer at ${timings.decisions.toLocaleString('en')} decisions, p95 (${timings.all.length} reads, with and without slices)`,
      measured: percentile(timings.all, 0.95),
      atMost: 200,
      key: 'calibrationP95Ms',
    }),
    ...[...timings.byCase].map(([name, values]) =>
      timing(reference, { figure: `  sliced by ${name}, p95`, measured: percentile(values, 0.95) }),
    ),
    figure({
      figure: `Calibration error of the accepted share per band against the truth (${error.decisions} decisions made through the screen)`,
      value: error.points,
      format: (value) => (value === null ? 'n/a' : `${value.toFixed(2)} points`),
      goal: '≤ 5 points',
      met: error.points !== null && error.points <= 5,
      key: 'calibrationErrorPoints',
      note: error.bands
        .map(
          (band) =>
            `${band.band * 10}s ${(band.share * 100).toFixed(0)}/${(band.trueShare * 100).toFixed(0)}%`,
        )
        .join(' '),
    }),
    figure({
      figure: "The page's counts per band equal the ledger's",
      value: null,
      format: () => (error.matchesLedger ? 'yes' : 'NO'),
      goal: 'yes',
      met: error.matchesLedger,
    }),
  ]
}

export function autoAcceptRows(
  picked: { threshold: number; floor: number },
  auto: AutoAcceptFigures,
): Row[] {
  const precision = auto.accepted > 0 ? auto.acceptedTrue / auto.accepted : null
  const resolved = auto.completed > 0 ? auto.settled / auto.completed : null
  return [
    figure({
      figure: `Auto-accept at 95%: precision by the truth (${auto.acceptedTrue} of ${auto.accepted} accepted; threshold ${picked.threshold}, floor ${picked.floor})`,
      value: precision,
      goal: '≥ 0.95',
      met: precision !== null && precision >= 0.95,
      key: 'autoPrecision',
    }),
    figure({
      figure: `Auto-accept: videos settled by the machine (${auto.settled} of ${auto.completed} completed jobs; ${auto.audited} to the blind audit, ${auto.waiting} wait for a person)`,
      value: resolved,
      goal: '≥ 0.5',
      met: resolved !== null && resolved >= 0.5,
      key: 'autoResolvedShare',
    }),
    figure({
      figure: `Below the floor, rejected unseen: ${auto.floorRejected}, of which truly shown`,
      value: auto.floorRejectedTrue,
      format: String,
    }),
    figure({
      figure: 'From the last job started to the engine having acted on each',
      value: auto.settleSeconds,
      format: (value) => (value === null ? 'n/a' : `${value.toFixed(1)} s`),
    }),
  ]
}
