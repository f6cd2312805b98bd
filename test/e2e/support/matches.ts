import type { Page } from 'playwright-core'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import type { RunningApp } from './app.ts'
import { api, firstChannelVideos } from './service-api.ts'
import { shown } from './ui.ts'

/**
 * The review opened oldest first with every suggestion shown (those below the team's floor too),
 * so it lists what the service holds in the order `reviewQueue` gives.
 */
export const everySuggestion = '/matches?order=oldest&below=true'

/** The first channel's review queue as the service holds it, oldest first. */
export async function reviewQueue(app: RunningApp) {
  const list = await firstChannelVideos(
    app,
    'has_pending_matches=true&page_size=100&fields=caption',
  )
  return list.videos.reverse()
}

/** A video's suggestions, highest score first, as the review shows them. */
export async function suggestions(app: RunningApp, videoId: string) {
  const list = await api<ProductMatchList>(app, 'GET', `/api/v1/videos/${videoId}/product_matches`)
  return [...list.matches].sort((a, b) => b.matching_score - a.matching_score)
}

/** The title the review gives a video. */
export const titleOf = (video: { caption?: string | null } | undefined) =>
  video?.caption || 'Untitled video'

/** The review shows this video, its first suggestion holding the keyboard. */
export async function reviewing(page: Page, video: { caption?: string | null } | undefined) {
  await shown(page.getByRole('heading', { level: 2, name: titleOf(video), exact: true }))
  await shown(page.locator('ol[aria-label="Suggested products"] li[data-active] button:focus'))
}

/** Each suggestion's state as its Accept and Reject buttons say it, in the order shown. */
export async function shownDecisions(page: Page) {
  return page.locator('ol[aria-label="Suggested products"] > li').evaluateAll((rows) =>
    rows.map((row) => {
      const [accept, reject] = row.querySelectorAll('button')
      if (accept?.getAttribute('aria-pressed') === 'true') return 'accepted'
      if (reject?.getAttribute('aria-pressed') === 'true') return 'rejected'
      return 'undecided'
    }),
  )
}

/**
 * A key pressed as a keyboard of another layout sends it: `key` is the character the layout
 * types, `code` the physical key (AZERTY's A key, where Q is on QWERTY: key 'a', code 'KeyQ').
 */
export async function pressOnLayout(
  page: Page,
  press: { key: string; code: string; keyCode: number },
) {
  const cdp = await page.context().newCDPSession(page)
  const common = {
    key: press.key,
    code: press.code,
    windowsVirtualKeyCode: press.keyCode,
    nativeVirtualKeyCode: press.keyCode,
  }
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'keyDown',
    ...common,
    text: press.key,
    unmodifiedText: press.key,
  })
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common })
  await cdp.detach()
}

/** The panel of one's last ten decisions. */
export const lastTen = (page: Page) => page.getByRole('region', { name: 'Your last ten decisions' })
