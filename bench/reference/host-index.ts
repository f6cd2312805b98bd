import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import type { Browser, Page } from 'playwright-core'

/**
 * The reference device's index on Lighthouse's scale: "desktop-class, Core i3", the figure
 * DevTools calibrates its mid-tier CPU preset to.
 */
export const referenceIndex = 1000

// One run of Lighthouse's benchmark takes about a second and moves by a third on a busy machine;
// the median of a few is what a figure is referred to.
const samples = Math.max(1, Math.floor(Number(process.env.BENCH_INDEX_SAMPLES ?? 3)) || 1)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

// One run of the benchmark in a V8 isolate of its own: a worker thread of this process, so it
// runs as cold as Lighthouse's first run in a fresh page. Lighthouse's page functions are written
// to be sent as text, so the function carries everything it needs.
const coldRunSource = `require('node:worker_threads').parentPort.postMessage((${pageFunctions.computeBenchmarkIndex.toString()})())`

function coldNodeRun(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(coldRunSource, { eval: true })
    worker.once('message', (value: number) => resolve(value))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the host index's worker exited with ${code}`))
    })
  })
}

/**
 * Lighthouse's CPU benchmark (`benchmarkIndex`) in this Node process, read cold as Chromium's is
 * (decision 0036): the median of a few first runs, each in a fresh isolate.
 */
export async function nodeIndex(): Promise<number> {
  const values: number[] = []
  for (let run = 0; run < samples; run++) values.push(await coldNodeRun())
  return median(values)
}

/**
 * Lighthouse's CPU benchmark in `browser`, read as Lighthouse reads it: one run in a page that
 * has run nothing yet (docs/decisions/0036-the-host-index-read-cold-as-lighthouse-reads-it.md).
 * The median of a few such pages, each in a context of its own; `prepare` readies each page
 * before it runs (a throttle, say).
 */
export async function chromiumIndex(
  browser: Browser,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<number> {
  const values: number[] = []
  for (let run = 0; run < samples; run++) {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await prepare(page)
      values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex))
    } finally {
      await context.close()
    }
  }
  return median(values)
}

/**
 * Lighthouse's CPU benchmark in a server's own process, asked over its IPC channel: the child
 * must be started with `ipc` in its stdio and import `./index-responder.ts`.
 */
export function serverIndex(child: ChildProcess): Promise<number> {
  const id = randomUUID()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', answer)
      reject(new Error('the server did not report its host index within 60 s'))
    }, 60_000)
    const answer = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return
      const { benchHostIndex, value } = message as { benchHostIndex?: unknown; value?: unknown }
      if (benchHostIndex !== id || typeof value !== 'number') return
      clearTimeout(timer)
      child.off('message', answer)
      resolve(value)
    }
    child.on('message', answer)
    if (!child.send?.({ benchHostIndex: id })) {
      clearTimeout(timer)
      reject(new Error('the server has no IPC channel to ask for its host index'))
    }
  })
}

export type HostProcess = 'chromium' | 'server'

/** One process's index at the start of the timed work and at its end. */
export class HostSpeed {
  private ended: number | undefined
  private constructor(
    readonly process: HostProcess,
    readonly atStart: number,
    private readonly measure: () => Promise<number>,
  ) {}

  static async start(process: HostProcess, measure: () => Promise<number>): Promise<HostSpeed> {
    return new HostSpeed(process, await measure(), measure)
  }

  async end(): Promise<void> {
    this.ended = await this.measure()
  }

  get atEnd(): number | undefined {
    return this.ended
  }

  /** Over the timed work: the mean of its start and end (the start alone until it ends). */
  get index(): number {
    return this.atEnd === undefined ? this.atStart : (this.atStart + this.atEnd) / 2
  }

  /** The host's speed moved by more than a fifth between start and end. */
  get drifted(): boolean {
    return this.atEnd !== undefined && Math.abs(this.atEnd - this.atStart) > this.atStart * 0.2
  }
}
