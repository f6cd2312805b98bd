import { open } from 'node:fs/promises'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import type { UploadedPart } from './api.ts'
import { cpuBetween, sampleCpu } from './cpu.ts'
import { rendererBusy } from './latency.ts'
import { numberedParts, planParts } from './plan.ts'
import type { Env, Run } from './run.ts'
import { fileBytes, LATENCY_MS, POOL_SIZE } from './settings.ts'
import { maxOverlap, meanOverlap, medianDuration, runUploader, type Timing } from './uploader.ts'

// The three ways of uploading the same parts, and the Node diagnostic.
/** Methods 1 and 2: the parts PUT from the blank page, `concurrency` at a time. */
export async function pagePool(
  env: Env,
  page: Page,
  cdp: CDPSession,
  concurrency: number,
): Promise<Run> {
  const ranges = numberedParts(fileBytes)
  const signature = await env.api.signatures({
    filename: 'bench-upload.mp4',
    channelId: env.channelId,
    partsCount: ranges.length,
  })
  const parts = ranges.map((range) => ({
    ...range,
    url: signature.parts[range.part - 1]?.signature.put_url,
  }))
  const before = sampleCpu(env.server.pid)
  const busyBefore = await rendererBusy(cdp)
  const result = await page.evaluate(
    (args) =>
      (
        window as unknown as {
          __benchPut(a: typeof args): Promise<{ ms: number; etags: string[] }>
        }
      ).__benchPut(args),
    { parts, concurrency },
  )
  const cpu = cpuBetween(before, sampleCpu(env.server.pid))
  const busyAfter = await rendererBusy(cdp)
  // The same Resource Timing figures as the uploader's.
  const timings = (
    (await page.evaluate(() => {
      const all = (window as unknown as { __benchTimings(): Timing[] }).__benchTimings()
      performance.clearResourceTimings()
      return all
    })) as Timing[]
  ).filter((timing) => timing.name.includes(signature.upload_id))
  const completeStarted = performance.now()
  await env.api.complete(
    signature,
    result.etags.map((etag, i): UploadedPart => ({ part: i + 1, etag })),
  )
  const completeMs = performance.now() - completeStarted
  return {
    partsMs: result.ms,
    completeMs,
    cpu,
    rendererTaskS: busyAfter.task - busyBefore.task,
    rendererScriptS: busyAfter.script - busyBefore.script,
    maxInFlight: timings.length > 0 ? maxOverlap(timings) : concurrency,
    ...(timings.length > 0
      ? { meanInFlight: meanOverlap(timings), partMedianMs: medianDuration(timings) }
      : {}),
    note: await env.finish(signature.key),
  }
}

/** Method 3: the real /uploads screen (see upload/uploader.ts). */
export async function dashboardUploader(env: Env, context: BrowserContext): Promise<Run> {
  const before = sampleCpu(env.server.pid)
  const run = await runUploader({
    context,
    url: env.server.url,
    filePath: env.filePath,
    latencyMs: LATENCY_MS,
    timeoutMs: 10 * 60_000,
    partsCount: planParts(fileBytes).partsCount,
    sampleCpu: () => sampleCpu(env.server.pid),
  })
  // The parts phase when Playwright saw both ends, else the whole run.
  const cpu = run.cpu
    ? cpuBetween(run.cpu.from, run.cpu.to)
    : cpuBetween(before, sampleCpu(env.server.pid))
  return {
    partsMs: run.partsMs,
    endToEndMs: run.endToEndMs,
    timeline: run.timeline,
    cpu,
    maxInFlight: run.maxInFlight,
    meanInFlight: run.meanInFlight,
    partMedianMs: run.partMedianMs,
    rendererTaskS: run.renderer.task,
    rendererScriptS: run.renderer.script,
    note: `${await env.finish(run.key)}; ${run.partsSeen} part PUTs; ${run.howStarted}`,
  }
}

/** Six parallel PUTs of the same parts from Node: what the store takes with no browser at all. */
export async function nodePool(env: Env): Promise<Run> {
  const ranges = numberedParts(fileBytes)
  const signature = await env.api.signatures({
    filename: 'bench-upload.mp4',
    channelId: env.channelId,
    partsCount: ranges.length,
  })
  const file = await open(env.filePath, 'r')
  try {
    const etags: string[] = []
    let next = 0
    const before = sampleCpu(env.server.pid)
    const started = performance.now()
    const worker = async () => {
      while (next < ranges.length) {
        const range = ranges[next++]
        if (!range) break
        const body = Buffer.alloc(range.end - range.start)
        await file.read(body, 0, body.length, range.start)
        const response = await fetch(signature.parts[range.part - 1]?.signature.put_url ?? '', {
          method: 'PUT',
          body,
        })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`part ${range.part}: ${response.status}`)
        etags[range.part - 1] = response.headers.get('etag') ?? ''
      }
    }
    await Promise.all(Array.from({ length: POOL_SIZE }, worker))
    const partsMs = performance.now() - started
    const cpu = cpuBetween(before, sampleCpu(env.server.pid))
    const completeStarted = performance.now()
    await env.api.complete(
      signature,
      etags.map((etag, i) => ({ part: i + 1, etag })),
    )
    const completeMs = performance.now() - completeStarted
    return {
      partsMs,
      completeMs,
      cpu,
      maxInFlight: POOL_SIZE,
      note: await env.finish(signature.key),
    }
  } finally {
    await file.close()
  }
}
