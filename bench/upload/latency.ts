import type { CDPSession, Page } from 'playwright-core'

/** A DevTools session on the page with the Network domain enabled (emulation needs it). */
export async function networkSession(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Performance.enable')
  return cdp
}

/** Emulated round-trip latency for the session's page, no throughput limits. */
export async function emulate(cdp: CDPSession, latencyMs: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
}

/**
 * Emulated round-trip latency for one page through DevTools (no throughput limits). Chromium
 * applies it in the network service to the page's requests, fetch/XHR uploads included (the
 * benchmark measures that rather than assuming it: see the probe in `bench/upload.ts`).
 */
export async function emulateLatency(page: Page, latencyMs: number): Promise<void> {
  await emulate(await networkSession(page), latencyMs)
}

/** Renderer main-thread time so far (s): all tasks, and script alone (Performance.getMetrics). */
export async function rendererBusy(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0
  return { task: value('TaskDuration'), script: value('ScriptDuration') }
}
