import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { gone, shown } from './support/ui.ts'

const clipPath = join(import.meta.dirname, '../../server/sandbox/seed/media/clip-04-glow-serum.mp4')

let app: RunningApp
beforeAll(async () => {
  app = await startApp({ seedVideos: 5 })
})
afterAll(() => app?.close())

// Fires a real drag of one file over the library (dragenter, dragover) and, when asked, its drop,
// with a DataTransfer made in the page from the file's bytes.
async function dragFile(name: string, bytes: Buffer) {
  await app.page.evaluate(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([data], name, { type: 'video/mp4' }))
      const target = document.querySelector('ul[aria-label="Videos"]') ?? document.body
      for (const type of ['dragenter', 'dragover'])
        target.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        )
      ;(window as unknown as { dragged: DataTransfer }).dragged = transfer
    },
    { name, base64: bytes.toString('base64') },
  )
}

const dropDraggedFile = () =>
  app.page.evaluate(() => {
    const transfer = (window as unknown as { dragged: DataTransfer }).dragged
    const target = document.querySelector('ul[aria-label="Videos"]') ?? document.body
    target.dispatchEvent(
      new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
    )
  })

it('takes a video dropped on the library to the uploads screen, in the same channel, and uploads it', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  const channels = page.getByRole('combobox', { name: 'Channel' }).locator('option')
  await expect.poll(() => channels.count()).toBeGreaterThan(1)
  const channel = await channels.nth(1).getAttribute('value')
  if (!channel) throw new Error('no second channel')
  await page.goto(`${app.url}/videos?channel=${channel}`)
  await shown(page.locator('ul[aria-label="Videos"] li').first())

  await dragFile('dropped-glow-serum.mp4', readFileSync(clipPath))
  const overlay = page.getByText('Drop to upload')
  await shown(overlay)
  expect(await seriousAccessibilityViolations(page)).toEqual([])
  await dropDraggedFile()

  await page.waitForURL(
    (url) => url.pathname === '/uploads' && url.searchParams.get('channel') === channel,
  )
  await gone(overlay)
  await shown(page.locator('.uppy-Dashboard-Item-name', { hasText: 'dropped-glow-serum.mp4' }))
  const upload = page.getByRole('button', { name: /^Upload 1 file/ })
  await shown(upload)
  await upload.click()
  const created = page.getByRole('list', { name: 'Created videos' }).getByRole('listitem')
  await expect
    .poll(() => created.first().textContent(), { timeout: 60_000 })
    .toMatch(/video created/)

  await page.goto(`${app.url}/videos?channel=${channel}&q=dropped-glow-serum`)
  await expect
    .poll(() => page.locator('ul[aria-label="Videos"] li').allTextContents(), { timeout: 20_000 })
    .toEqual([expect.stringContaining('dropped-glow-serum')])
})

it('offers a link to the uploads screen for those who do not drag', async () => {
  const { page } = app
  await page.goto(`${app.url}/videos`)
  await page.getByRole('link', { name: 'Upload videos' }).click()
  await page.waitForURL((url) => url.pathname === '/uploads')
  await shown(page.getByRole('heading', { level: 1, name: 'Uploads' }))
})
