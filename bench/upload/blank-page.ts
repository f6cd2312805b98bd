import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'

/** A blank document with a file input, written into the built app so the dashboard serves it. */
export const BLANK_PAGE = 'bench-upload-blank.html'

export async function writeBlankPage(distDir: string): Promise<void> {
  await writeFile(
    join(distDir, BLANK_PAGE),
    '<!doctype html><html lang="en"><title>bench:upload</title><input type="file" aria-label="File"></html>\n',
  )
}

export async function blankPage(context: BrowserContext, url: string): Promise<Page> {
  // Served by the dashboard itself (with the app's CSP), not by Playwright's interception: a
  // fulfilled document has no address, counts as public, and Chromium's Local Network Access
  // then refuses its requests to the loopback storage.
  const page = await context.newPage()
  const response = await page.goto(`${url}/${BLANK_PAGE}`)
  if (!response?.ok()) throw new Error(`/${BLANK_PAGE} answered ${response?.status()}`)
  return page
}

export const PROBE_SIZES = [1, 1024 ** 2]

export async function probe(page: Page, url: string): Promise<Record<number, number[]>> {
  return page.evaluate(
    (args) =>
      (
        window as unknown as {
          __benchProbe(a: typeof args): Promise<Record<number, number[]>>
        }
      ).__benchProbe(args),
    { url, sizes: PROBE_SIZES, times: 9 },
  )
}
