import type { Page } from 'playwright-core'
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

// 2. Search keystroke to results rendered, and 3. interactions in the library ----------------

export interface SearchSample {
  query: string
  /** Last keystroke (its keydown's event time) to the first frame showing the results. */
  latency: number | null
  status: string
}

export async function measureSearchSession(
  lab: Lab,
  queries: readonly string[],
): Promise<{ samples: SearchSample[]; events: SessionEvents }> {
  const { context, page } = await open(lab)
  try {
    await openLibrary(page, lab.url)
    await page.waitForLoadState('networkidle')
    const loadedAt = await read<number>(page, 'performance.now()')
    const input = page.getByLabel('Search captions')
    const samples: SearchSample[] = []
    for (const query of queries) {
      await read(page, `window.__bench.armSearch(${JSON.stringify(query)}, 5000)`)
      await input.focus()
      await page.keyboard.press('ControlOrMeta+A')
      // A quick typist: 60 ms between keys; every key searches.
      await page.keyboard.type(query, { delay: 60 })
      const result = await read<{
        keyAt: number | null
        doneAt?: number
        status: string
        timeout?: boolean
      }>(page, 'window.__bench.searchResult')
      samples.push({
        query,
        latency:
          result.timeout || result.keyAt === null || result.doneAt === undefined
            ? null
            : result.doneAt - result.keyAt,
        status: result.timeout ? `timed out; showing ${result.status}` : result.status,
      })
      await page.waitForTimeout(300)
    }

    // The rest of a short library session, so its clicks and keys count as interactions too. If
    // it cannot finish, the searches measured are still reported (and the failure printed).
    await librarySession(page).catch((error: unknown) => {
      console.log(`  the library session after the searches did not finish: ${String(error)}`)
    })
    return { samples, events: await sessionEvents(page, 'search session', loadedAt) }
  } finally {
    await closeGuarded(context, 'search session')
  }
}

async function librarySession(page: Page): Promise<void> {
  const input = page.getByLabel('Search captions')
  const status = page.locator('[data-library-count]')
  await input.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Backspace')
  await page.waitForFunction(
    () =>
      !new URLSearchParams(location.search).has('q') &&
      !document.querySelector('[data-library-count]')?.textContent?.includes('match'),
  )
  await status.filter({ hasNotText: 'updating' }).waitFor()
  await page.getByRole('button', { name: 'Table', exact: true }).click()
  await page.getByRole('table').first().waitFor()
  await page.getByRole('button', { name: 'Grid', exact: true }).click()
  await page.locator(cards).first().waitFor()
  const checkbox = page.locator(`${cards} input[type="checkbox"]`).first()
  await checkbox.click()
  await page.waitForTimeout(200)
  await checkbox.click()
  await page.waitForTimeout(200)
  const before = await page.locator(cards).count()
  await page.getByRole('button', { name: /^Show more/ }).click()
  await page.waitForFunction(
    ([selector, count]) => document.querySelectorAll(selector).length > count,
    [cards, before] as const,
  )
  await page.waitForTimeout(300)
}
