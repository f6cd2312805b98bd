import type { Page, Response } from 'playwright-core'
import type { ProductMatch, ProductMatchList } from '../../src/api/generated/types.gen.ts'
import type { ReviewQueueAnswer } from '../../src/api/review.ts'

/** What the reviewer sees (bench/review/probe.js, `shown`). */
export interface Shown {
  videoId: string | null
  empty: boolean
  ready: boolean
  rows: Array<{ score: number | null; active: boolean; pressed: string | null }>
}

/** A decision's time and its parts: waiting for the page, the page's work, the next frame. */
export interface Timed {
  total: number
  waited: number
  worked: number
  framed: number
}

interface Outcome {
  keyAt: number | null
  handledAt?: number
  changedAt?: number
  doneAt: number | null
}

type Probe = {
  __review: {
    arm(kind: string, phaseMs: number): Promise<void>
    wait(): Promise<Outcome>
    shown(): Shown
  }
}

/** A display frame at 60 Hz: a timed key comes at a random moment of one (decision 0040). */
export const frameMs = 1000 / 60

export const readScreen = (page: Page) =>
  page.evaluate(() => (window as unknown as Probe).__review.shown())

/**
 * Once the page is idle and `phaseMs` more have passed, presses `key` and times it from its
 * keydown to the first frame showing its effect (decisions 0039 and 0040).
 */
export async function timedPress(
  page: Page,
  kind: 'decision' | 'advance',
  key: string,
  phaseMs = 0,
): Promise<Timed | null> {
  await page.evaluate(([which, phase]) => (window as unknown as Probe).__review.arm(which, phase), [
    kind,
    phaseMs,
  ] as const)
  await page.keyboard.press(key)
  const outcome = await page.evaluate(() => (window as unknown as Probe).__review.wait())
  const { keyAt, handledAt, changedAt, doneAt } = outcome
  if (keyAt === null || doneAt === null || handledAt === undefined || changedAt === undefined)
    return null
  return {
    total: doneAt - keyAt,
    waited: handledAt - keyAt,
    worked: changedAt - handledAt,
    framed: doneAt - changedAt,
  }
}

const listPath = /\/api\/v1\/videos\/([^/?]+)\/product_matches(?:\?|$)/
const queuePath = /\/api\/dashboard\/review\/queue\?/

/**
 * The answers the page read, as the page got them: each video's match list (the latest read)
 * and the queue's floor, so the rows on screen can be named by product (they show its name and
 * score, not its id).
 */
export function watchAnswers(page: Page) {
  const lists = new Map<string, Promise<ProductMatchList | null>>()
  let floor: number | null = null
  page.on('response', (response: Response) => {
    if (response.request().method() !== 'GET' || !response.ok()) return
    const url = response.url()
    const list = listPath.exec(url)
    if (list?.[1])
      lists.set(
        decodeURIComponent(list[1]),
        response.json().then(
          (body) => body as ProductMatchList,
          () => null,
        ),
      )
    else if (queuePath.test(url))
      void response.json().then(
        (body) => {
          floor = (body as ReviewQueueAnswer).floor
        },
        () => {},
      )
  })
  return {
    list: (videoId: string) => lists.get(videoId) ?? Promise.resolve(null),
    floor: () => floor,
  }
}

/**
 * The suggestion behind each row on screen: the list the page read, in the order the review
 * shows it (highest score first, those below the floor hidden). Null when the rows do not line up
 * with it by count and score, which would make any decision a guess.
 */
export function rowsAsMatches(
  shown: Shown,
  list: ProductMatchList | null,
  floor: number | null,
): ProductMatch[] | null {
  if (!list) return null
  // As the review orders and hides them (a stable sort keeps the service's order among equals).
  const matches = [...list.matches]
    .sort((a, b) => b.matching_score - a.matching_score)
    .filter(
      (match) => floor === null || match.status !== 'pending' || match.matching_score >= floor,
    )
  if (matches.length !== shown.rows.length) return null
  const aligned = matches.every((match, index) => shown.rows[index]?.score === match.matching_score)
  return aligned ? matches : null
}
