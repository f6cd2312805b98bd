import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Download } from '@/api/generated/types.gen.ts'
import type { RunningDashboard } from '../../server/dashboard/start.ts'
import { type RunningApp, startApp, startSoloDashboard } from './support/app.ts'
import { failedRequest } from './support/page-errors.ts'
import { api, firstVideoId } from './support/service-api.ts'
import { shown } from './support/ui.ts'

let app: RunningApp
// The same sandbox seen by the solo business, whose plan has no content_download.
let solo: RunningDashboard | undefined
beforeAll(async () => {
  app = await startApp({ seedVideos: 120 })
  solo = await startSoloDashboard(app)
})
afterAll(async () => {
  await solo?.close()
  await app?.close()
})

const fileButton = () =>
  app.page
    .getByRole('region', { name: 'Downloads' })
    .getByRole('button', { name: 'Download video' })

async function firstVideo(base: string, states: readonly string[]) {
  await app.page.goto(`${base}/videos`)
  return firstVideoId(app, states)
}

it("offers the service's file with its format, size and duration", async () => {
  const id = await firstVideo(app.url, ['approved'])
  const record = await api<Download>(app, 'GET', `/api/v1/videos/${id}/download`)
  await app.page.goto(`${app.url}/videos/${id}`)
  const panel = app.page.getByRole('region', { name: 'Downloads' })
  const link = panel.getByRole('link', { name: /^Download video/ })
  await shown(link)
  expect(await link.getAttribute('href')).toBe(record.download_url)
  expect(await panel.textContent()).toContain(`${record.width}×${record.height} pixels`)
  expect(await panel.textContent()).toContain(String(record.format).toUpperCase())
  const file = await fetch(record.download_url)
  expect(file.headers.get('content-type')).toBe('video/mp4')
})

it('says a video whose processing did not finish has no file yet', async () => {
  const id = await firstVideo(app.url, ['errored', 'pending'])
  await app.page.goto(`${app.url}/videos/${id}`)
  await shown(
    app.page.getByText('No file yet: the video is still processing, or its processing failed.'),
  )
  expect(await fileButton().isDisabled()).toBe(true)
})

it('explains, and turns the action off, for a business without downloads', async () => {
  const base = solo?.url ?? ''
  const id = await firstVideo(base, ['approved'])
  app.expectConsoleError(failedRequest(402, `${base}/api/v1/videos/${id}/download`))
  await app.page.goto(`${base}/videos/${id}`)
  await shown(app.page.getByText(/Your plan does not include downloads/))
  expect(await fileButton().isDisabled()).toBe(true)
})
