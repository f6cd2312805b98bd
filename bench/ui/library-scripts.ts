import { constants, gzipSync } from 'node:zlib'
import { closeGuarded } from '../reference/guard.ts'
import { type Lab, open, openLibrary } from './library-page.ts'

// 5. The JavaScript the library screen loads --------------------------------------------------

export interface ScriptSize {
  url: string
  bytes: number
  gzip: number
}

export async function measureLibraryScripts(lab: Lab): Promise<ScriptSize[]> {
  const { context, page } = await open(lab)
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
    await openLibrary(page, lab.url)
    await page.waitForLoadState('networkidle')
    const sizes = (await Promise.all(bodies)).filter((size): size is ScriptSize => size !== null)
    const unique = new Map(sizes.map((size) => [size.url, size]))
    return [...unique.values()].sort((a, b) => b.gzip - a.gzip)
  } finally {
    await closeGuarded(context, 'library scripts')
  }
}
