import { expect } from 'vitest'
import type { RunningApp } from './app.ts'
import { sha256 } from './media-files.ts'

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
