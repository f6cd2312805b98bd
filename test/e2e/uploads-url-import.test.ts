import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { smallClipPath } from './support/media-files.ts'
import { recordTraffic } from './support/traffic.ts'
import { shown, textOf } from './support/ui.ts'
import { listedInLibrary } from './support/uploads.ts'

const POLL_KEY = 'uploads:import-poll-ms'
const otherClipPath = join(
  import.meta.dirname,
  '../../server/sandbox/seed/media/clip-04-glow-serum.mp4',
)

// The files the sandbox downloads, served by the test on 127.0.0.1 (dots in the host name, as
// the URL rules require; the sandbox fetches private addresses unless told to block them).
let mediaServer: Server
let mediaBase: string
let app: RunningApp

beforeAll(async () => {
  const clips: Record<string, Buffer> = {
    '/media/roof-launch.mp4': readFileSync(smallClipPath),
    '/media/glow-serum-story.mp4': readFileSync(otherClipPath),
  }
  mediaServer = createServer((request, response) => {
    const clip = clips[new URL(request.url ?? '/', 'http://x').pathname]
    if (!clip) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length })
    response.end(request.method === 'HEAD' ? undefined : clip)
  })
  await new Promise<void>((resolve) => mediaServer.listen(0, '127.0.0.1', resolve))
  mediaBase = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`
  app = await startApp({ seedVideos: 5 })
})
afterAll(async () => {
  await app?.close()
  await new Promise((resolve) => mediaServer?.close(resolve))
})

const importSection = () => app.page.getByRole('tabpanel', { name: 'Import from a URL' })
const importRows = () =>
  importSection().getByRole('list', { name: 'Imports' }).getByRole('listitem')

async function openUploads(pollMs?: number) {
  const { page } = app
  await page.goto(`${app.url}/uploads?add=url`)
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [POLL_KEY, pollMs ? String(pollMs) : ''] as const,
  )
  await page.reload()
  await shown(importSection().getByLabel('Video address'))
}

async function startImport(
  url: string,
  mode: 'Wait for the download' | 'Import in the background',
) {
  const section = importSection()
  await section.getByLabel('Video address').fill(url)
  await section.getByLabel(mode).check()
  await section.getByRole('button', { name: 'Import', exact: true }).click()
}

it('imports a file while waiting, links to the new video and lists it in the library', async () => {
  const { page } = app
  await openUploads()
  await startImport(`${mediaBase}/media/roof-launch.mp4`, 'Wait for the download')

  const link = importSection().getByRole('link', { name: 'roof-launch' })
  await shown(link)
  expect(await textOf(link.locator('xpath=..'))).toMatch(/Video created from roof-launch\.mp4/)
  expect(await importSection().getByLabel('Video address').inputValue()).toBe('')
  await link.click()
  await page.waitForURL(/\/videos\/[A-Za-z0-9]+/)
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('roof-launch')
  await listedInLibrary(app, 'roof-launch')
})

it('refuses a host name without a dot before asking the service, keeping the address', async () => {
  const { page } = app
  await openUploads()
  const traffic = recordTraffic(page)
  await startImport('http://localhost/media/roof-launch.mp4', 'Wait for the download')
  const address = importSection().getByLabel('Video address')
  await shown(importSection().getByText(/needs a full host name with a dot/))
  traffic.stop()
  expect(await address.getAttribute('aria-invalid')).toBe('true')
  expect(await address.inputValue()).toBe('http://localhost/media/roof-launch.mp4')
  expect(traffic.requests.filter((request) => request.method === 'POST')).toEqual([])
})

it('imports in the background with the caption entered, and follows the job across a reload', async () => {
  const { page } = app
  await openUploads(200)
  await page.getByLabel('Caption', { exact: true }).fill('Background: {name}')
  await startImport(`${mediaBase}/media/glow-serum-story.mp4`, 'Import in the background')

  const row = importRows().filter({ hasText: 'glow-serum-story.mp4' })
  await shown(row)
  // The job is kept for this channel: shown and polled again after a reload, until dismissed.
  await page.reload()
  await expect
    .poll(() => textOf(row), { timeout: 20_000 })
    .toMatch(/Done: Background: glow-serum-story/)
  expect(await seriousAccessibilityViolations(page)).toEqual([])

  await row.getByRole('link', { name: 'Background: glow-serum-story' }).click()
  await page.waitForURL(/\/videos\/[A-Za-z0-9]+/)
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Background: glow-serum-story')
  await page.goBack()
  await row.getByRole('button', { name: 'Dismiss the import of glow-serum-story.mp4' }).click()
  await row.waitFor({ state: 'detached' })
  await page.reload()
  await shown(importSection().getByLabel('Video address'))
  expect(await row.count()).toBe(0)
  await listedInLibrary(app, 'Background: glow-serum-story')
})

it('says in plain words why a background import failed', async () => {
  await openUploads(200)
  await startImport(`${mediaBase}/media/gone-missing.mp4`, 'Import in the background')

  const row = importRows().filter({ hasText: 'gone-missing.mp4' })
  await expect
    .poll(() => textOf(row), { timeout: 20_000 })
    .toMatch(/Failed: the file could not be downloaded from that address\./)
  await row.getByRole('button', { name: 'Dismiss the import of gone-missing.mp4' }).click()
  await row.waitFor({ state: 'detached' })
})
