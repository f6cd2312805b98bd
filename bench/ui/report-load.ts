import type { Row } from '../reference/figures.ts'
import { describe, lighthouseReference } from '../reference/scale.ts'
import type { FirstLoadResult } from './first-load.ts'
import { watchAfterLiveMs } from './first-load.ts'
import type { LighthouseFigures, Preset } from './lighthouse.ts'
import { Failed, failedRow, titled } from './report.ts'
import { ms } from './stats.ts'

// What a load of the library does: the list requests it makes, and what Lighthouse sees of it.

export function reportFirstLoad(load: FirstLoadResult | Failed): Row[] {
  console.log(
    `\nList requests of one load (/api/v1/videos, until ${watchAfterLiveMs / 1000} s after the live stream opened)`,
  )
  const figure = 'List requests per load'
  if (load instanceof Failed) return [failedRow(figure, '1', load, 'firstLoadListRequests')]
  for (const request of load.requests) console.log(`  ${request}`)
  return [
    {
      figure,
      result: String(load.listRequests),
      goal: '1',
      key: 'firstLoadListRequests',
      value: load.listRequests,
      met: load.listRequests === 1,
    },
  ]
}

const performanceGoal: Record<Preset, number> = { desktop: 99, mobile: 95 }
const clsGoal = 0.02

export function reportLighthouse(preset: Preset, run: LighthouseFigures | Failed): Row[] {
  console.log(`\nLighthouse on /videos, signed in, ${preset} preset, the median of its runs`)
  const goal = performanceGoal[preset]
  if (run instanceof Failed)
    return [
      failedRow(`Lighthouse ${preset}`, `≥ ${goal}`, run, `lighthouse${titled(preset)}Performance`),
    ]
  const seconds = (value: number | null) =>
    value === null ? 'n/a' : `${(value / 1000).toFixed(2)} s`
  const cls = run.cls?.toFixed(3) ?? 'n/a'
  const reference = lighthouseReference(run.multiplier, run.hostIndex)
  const referred = { reference, note: `Lighthouse: ${describe(reference)}` }
  console.log(
    `  performance ${run.performance} (runs: ${run.runs.join(', ')})  accessibility ${run.accessibility}  FCP ${seconds(run.fcp)} · LCP ${seconds(run.lcp)} · TBT ${ms(run.tbt)} · CLS ${cls} · SI ${seconds(run.speedIndex)}  (cpuSlowdownMultiplier ${run.multiplier.toFixed(2)}, from the host index at the run's start; ${Math.round(run.hostIndex)} over the run; Lighthouse's own benchmarkIndex ${run.benchmarkIndex}; list requests ${run.listRequests ?? 'n/a'})`,
  )
  for (const finding of run.findings) console.log(`  - ${finding}`)
  for (const warning of run.warnings) console.log(`  ! ${warning}`)
  return [
    {
      figure: `Lighthouse ${preset} performance`,
      result: `${run.performance ?? 'n/a'} (median of ${run.runs.join(' ')})`,
      goal: `≥ ${goal}`,
      key: `lighthouse${titled(preset)}Performance`,
      value: run.performance,
      met: run.performance !== null && run.performance >= goal,
      ...referred,
    },
    {
      figure: `Lighthouse ${preset} accessibility`,
      result: String(run.accessibility ?? 'n/a'),
      goal: '100',
      key: `lighthouse${titled(preset)}Accessibility`,
      value: run.accessibility,
      met: run.accessibility === 100,
    },
    {
      figure: `Lighthouse ${preset} cumulative layout shift`,
      result: cls,
      goal: `≤ ${clsGoal}`,
      key: `lighthouse${titled(preset)}Cls`,
      value: run.cls,
      met: run.cls !== null && run.cls <= clsGoal,
      ...referred,
    },
    {
      figure: `Lighthouse ${preset} FCP / LCP / TBT`,
      result: `${seconds(run.fcp)} / ${seconds(run.lcp)} / ${ms(run.tbt)}`,
      goal: '',
      met: null,
      ...referred,
    },
  ]
}
