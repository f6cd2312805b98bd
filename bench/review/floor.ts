import type { BrowserContext } from 'playwright-core'
import type { Random } from '../../server/sandbox/seed/random.ts'
import { throttle } from '../reference/throttle.ts'
import { frameMs, type Timed, timedPress } from './screen.ts'

// Five rows as the review draws them (the probe reads the same selectors); `a` flips the pressed
// state of the one in front, and that is all a key does.
const page = `<!doctype html><title>One attribute</title>
<ol aria-label="Suggested products">${'<li><button aria-pressed="false">Accept</button></li>'.repeat(5)}</ol>
<script>
  document.querySelector('li').dataset.active = '1'
  addEventListener('keydown', (event) => {
    if (event.code !== 'KeyA') return
    const button = document.querySelector('li[data-active] button')
    button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'))
  })
</script>`

/**
 * The decision's time on a page that does no work for a key but change one attribute: the same
 * probe, throttle and random moments of the frame as the review's timed keys, so what a decision
 * takes beyond it is the dashboard's own. Served by a route of the page, never over the network.
 */
export async function timeFloor(
  context: BrowserContext,
  options: { url: string; rate: number; keys: number; keyPhase: Random },
): Promise<Array<Timed | null>> {
  const tab = await context.newPage()
  try {
    await throttle(tab, options.rate)
    await tab.route(options.url, (route) => route.fulfill({ contentType: 'text/html', body: page }))
    await tab.goto(options.url)
    const timed: Array<Timed | null> = []
    for (let key = 0; key < options.keys; key++)
      timed.push(await timedPress(tab, 'decision', 'a', options.keyPhase.next() * frameMs))
    return timed
  } finally {
    await tab.close()
  }
}
