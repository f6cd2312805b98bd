import { expect } from 'vitest'
import type { RunningApp } from './app.ts'
import { sha256 } from './media-files.ts'
import type { RecordedRequest, Traffic } from './traffic.ts'

/** Opens the uploads screen, sending files from this size in parts (the app's test-only setting). */
export async function openUploads(app: RunningApp, multipartFromBytes?: number) {
  const { page } = app
  await page.goto(`${app.url}/uploads`)
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [
      'uploads:multipart-threshold-bytes',
      multipartFromBytes ? String(multipartFromBytes) : '',
    ] as const,
  )
  await page.reload()
}

/** The sha256 of a stored object, read back from the sandbox's CDN. */
export async function storedObjectHash(app: RunningApp, storageKey: string) {
  const response = await fetch(
    `${app.serviceUrl}/cdn/${storageKey.split('/').map(encodeURIComponent).join('/')}`,
  )
  expect(response.status).toBe(200)
  return sha256(new Uint8Array(await response.arrayBuffer()))
}

/** Waits until the library's search for `caption` lists exactly that one video. */
export async function listedInLibrary(app: RunningApp, caption: string) {
  const { page } = app
  await page.goto(`${app.url}/videos?q=${encodeURIComponent(caption)}`)
  await expect
    .poll(() => page.locator('ul[aria-label="Videos"] li').allTextContents(), { timeout: 20_000 })
    .toEqual([expect.stringContaining(caption)])
}

// The uploads path in recorded traffic, for asserting that every file ended as exactly one video
// whatever failed on the way.

/** The POST /videos calls, in the order sent. */
export const creations = (traffic: Traffic) => traffic.calls('POST', '/api/v1/videos')

/** The storage key a POST /videos asked for. */
export const storageKeyOf = (creation: RecordedRequest) =>
  (creation.body as { storage_key: string }).storage_key

/** The storage keys that became videos (201), each expected once. */
export const createdKeys = (traffic: Traffic) =>
  creations(traffic)
    .filter((creation) => creation.status === 201)
    .map(storageKeyOf)

/** New multipart uploads asked for (each signs every part anew). */
export const multipartStarts = (traffic: Traffic) =>
  traffic.calls('POST', '/api/v1/upload_multipart/signatures').length

/** POST policies asked for (single-request uploads). */
export const singleSignatures = (traffic: Traffic) =>
  traffic.calls('POST', '/api/v1/upload_signatures').length

export const completes = (traffic: Traffic) =>
  traffic.calls('POST', '/api/v1/upload_multipart/complete')

/** What the page sent to storage itself (part PUTs and form POSTs). */
export const storageRequests = (traffic: Traffic, storageOrigin: string) =>
  traffic.requests.filter(
    (request) => request.url.origin === storageOrigin && request.method !== 'OPTIONS',
  )
