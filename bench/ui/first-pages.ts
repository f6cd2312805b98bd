import type { ChromiumHost } from '../reference/chromium-host.ts'
import { type Reference, referenceAt } from '../reference/scale.ts'
import { type FirstPageRun, measureFirstPage } from './first-page.ts'
import type { Lab } from './library-page.ts'

/** Fresh contexts measured between two readings of the host. */
const groupSize = 5

export interface FirstPages {
  runs: FirstPageRun[]
  /** The pooled figures are the reference's already: throttled if every group was, else scaled. */
  reference: Reference
  /** Each group's slowdown, for the table. */
  note: string
}

const scaled = (run: FirstPageRun, factor: number): FirstPageRun =>
  factor === 1
    ? run
    : {
        ...run,
        firstCard: run.firstCard * factor,
        firstThumb: run.firstThumb === null ? null : run.firstThumb * factor,
      }

/**
 * The first page in `runs` fresh contexts, after `warmUps` unmeasured. They take minutes, in which
 * this host's speed moves by up to a third, so every five contexts the host is read again and the
 * pages slowed from it (docs/benchmarking.md#a-host-that-changes-speed); a group on a host then
 * slower than the reference is measured unslowed and its times scaled.
 */
export async function measureFirstPages(
  lab: Lab,
  chromium: ChromiumHost,
  { warmUps, runs }: { warmUps: number; runs: number },
): Promise<FirstPages> {
  for (let warmUp = 0; warmUp < warmUps; warmUp++) await measureFirstPage(lab)
  const groups: Reference[] = [referenceAt(chromium.speed.atStart, chromium.rate)]
  const measured: FirstPageRun[] = []
  for (let run = 0; run < runs; run++) {
    if (run > 0 && run % groupSize === 0) {
      const last = Math.min(runs, run + groupSize)
      const again = await chromium.rethrottle(`the first page, contexts ${run + 1}-${last}`)
      lab.rate = again.rate
      groups.push(again.reference)
    }
    const group = groups.at(-1) as Reference
    measured.push(scaled(await measureFirstPage(lab), group.factor))
  }
  const throttled = groups.every((group) => group.basis === 'throttled')
  const rates = groups.map((group) => group.rate)
  const hosts = groups.map((group) => Math.round(group.hostIndex))
  const first = groups[0] as Reference
  return {
    runs: measured,
    reference: { ...first, basis: throttled ? 'throttled' : 'scaled', factor: 1 },
    note: `${throttled ? 'CPU slowed' : 'CPU slowed or scaled'} ${Math.min(...rates).toFixed(2)}-${Math.max(...rates).toFixed(2)}× in ${groups.length} groups (host ${Math.min(...hosts)}-${Math.max(...hosts)})`,
  }
}
