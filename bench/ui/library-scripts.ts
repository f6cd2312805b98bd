import { constants, gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { open, openLibrary } from './library-page.ts'

// 5. The JavaScript the library screen loads --------------------------------------------------

export interface ScriptSize {
  url: string
  bytes: number
  gzip: number
}

export async function measureLibraryScripts(browser: Browser, url: string): Promise<ScriptSize[]> {
  const { context, page } = await open(browser, url)
  try {
    const bodies: Array<Promise<ScriptSize | null>> = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      const contentType = response.headers()['content-type'] ?? ''
      if (type !== 'script' && !contentType.includes('javascript')) return
      bodies.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            bytes: body.length,
            gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
          }),
          () => null,
        ),
      )
    })
    await openLibrary(page, url)
    await page.waitForLoadState('networkidle')
    const sizes = (await Promise.all(bodies)).filter((size): size is ScriptSize => size !== null)
    const unique = new Map(sizes.map((size) => [size.url, size]))
    return [...unique.values()].sort((a, b) => b.gzip - a.gzip)
  } finally {
    await context.close()
  }
}
