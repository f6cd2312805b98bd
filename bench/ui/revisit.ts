import { closeGuarded } from '../reference/guard.ts'
import {
  cards,
  type Lab,
  open,
  openLibrary,
  read,
  type SessionEvents,
  sessionEvents,
} from './library-page.ts'

// 4. A revisit within the cache's fresh time -------------------------------------------------

export interface RevisitResult {
  /** `/api/v1/videos` requests after the first load: library → Uploads → library by nav link. */
  viaNavLink: number
  /** …then → Uploads → browser Back to the library. */
  viaBack: number
  urls: string[]
  events: SessionEvents
}

export async function measureRevisit(lab: Lab): Promise<RevisitResult> {
  const { context, page } = await open(lab)
  try {
    await openLibrary(page, lab.url)
    await page.waitForLoadState('networkidle')
    const loadedAt = await read<number>(page, 'performance.now()')
    const urls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/videos') urls.push(request.url())
    })
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toUploads = async () => {
      await nav.getByRole('link', { name: 'Uploads' }).click()
      await page.waitForURL((target) => target.pathname === '/uploads')
      await page.getByRole('heading', { name: 'Uploads' }).waitFor()
    }
    await toUploads()
    await nav.getByRole('link', { name: 'Video library' }).click()
    await page.waitForURL((target) => target.pathname === '/videos')
    await page.locator(cards).first().waitFor()
    await page.waitForTimeout(1_000)
    const viaNavLink = urls.length
    await toUploads()
    await page.goBack()
    await page.waitForURL((target) => target.pathname === '/videos')
    await page.locator(cards).first().waitFor()
    await page.waitForTimeout(1_000)
    return {
      viaNavLink,
      viaBack: urls.length - viaNavLink,
      urls,
      events: await sessionEvents(page, 'revisit session', loadedAt),
    }
  } finally {
    await closeGuarded(context, 'revisit')
  }
}
