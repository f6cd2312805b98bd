import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { ApiResponse } from './service-client.ts'
import { POLL_MS, SLOW } from './target.ts'

/** Asserts an error status (one or any of several) and an `{error: string}` body. */
export function expectError(res: ApiResponse, status: number | number[]): void {
  const allowed = Array.isArray(status) ? status : [status]
  expect(allowed, `status ${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status)
  expect(typeof res.json?.error, `error body: ${res.text.slice(0, 300)}`).toBe('string')
  expect(res.json.error.length).toBeGreaterThan(0)
}

/** Asserts a status, showing the body when it differs. */
export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, `${res.text.slice(0, 500)}`).toBe(status)
}

/** A token unique to this run, safe inside captions, names and hashtags. */
export function uniq(prefix = 'cf'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
}

/** Polls `probe` until it returns a value other than undefined. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = SLOW - 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}
