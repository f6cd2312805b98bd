import type { Page } from 'playwright-core'
import type { Random } from '../../server/sandbox/seed/random.ts'
import {
  frameMs,
  readScreen,
  rowsAsMatches,
  type Shown,
  type Timed,
  timedPress,
  type watchAnswers,
} from './screen.ts'

export interface ReviewerOptions {
  page: Page
  answers: ReturnType<typeof watchAnswers>
  /** Whether the video (public id) really shows the product (the sandbox's truth). */
  isTrue: (videoId: string, productId: string) => boolean
  random: Random
  /**
   * When in a display frame each timed key comes, after the page is idle: a person's keys are
   * not in step with the screen's refresh (decision 0040).
   */
  keyPhase: Random
  /** The share of decisions the reviewer gets wrong on purpose. */
  errorRate: number
  /** Each key of this many first videos is timed (arm, press, wait for the frame). */
  timedVideos: number
  /** Then the reviewer goes on, untimed, for this long. */
  minutes: number
  /**
   * The queue shows nothing more: the benchmark may queue more videos and reload the page (its
   * own time is not the reviewer's); false when there is nothing more to review.
   */
  refill: () => Promise<boolean>
}

export interface ReviewerFigures {
  decisions: Array<Timed | null>
  advances: Array<Timed | null>
  sustained: {
    decisions: number
    videos: number
    /** The reviewer's time, the benchmark's own refills left out. */
    elapsedMs: number
    /** Decisions in each whole minute of it. */
    perMinute: number[]
    /** Decisions made wrong on purpose. */
    mistakes: number
    reloads: number
  }
}

const waitForScreen = async (page: Page, previous: string | null): Promise<Shown> => {
  const handle = await page.waitForFunction(
    (before) => {
      const shown = (window as unknown as { __review: { shown(): Shown } }).__review.shown()
      if (shown.empty) return shown
      if (shown.videoId === null || shown.videoId === before) return false
      return shown.ready || shown.rows.length === 0 ? shown : false
    },
    previous,
    { polling: 'raf', timeout: 30_000 },
  )
  return (await handle.jsonValue()) as Shown
}

const words = { accepted: 'Accept', rejected: 'Reject' } as const

/**
 * The scripted reviewer: through the queue's screen and its keys alone, each suggestion decided
 * from the truth (a seeded share of them wrong), checked on screen, then Enter. The first videos
 * time each key (decision and advance); the rest measure the pace it sustains.
 */
export async function scriptedReview(options: ReviewerOptions): Promise<ReviewerFigures> {
  const { page, answers, random } = options
  const figures: ReviewerFigures = {
    decisions: [],
    advances: [],
    sustained: { decisions: 0, videos: 0, elapsedMs: 0, perMinute: [], mistakes: 0, reloads: 0 },
  }
  const sustained = figures.sustained
  let started: number | null = null
  let paused = 0
  const clock = () => (started === null ? 0 : performance.now() - started - paused)
  let previous: string | null = null
  for (let video = 0; ; video++) {
    const timed = video < options.timedVideos
    if (!timed && started === null) started = performance.now()
    if (!timed && clock() >= options.minutes * 60_000) break
    let shown = await waitForScreen(page, previous)
    if (shown.empty) {
      const refillStart = performance.now()
      const more = await options.refill()
      paused += performance.now() - refillStart
      if (!more) break
      sustained.reloads++
      await page.reload()
      shown = await waitForScreen(page, null)
      if (shown.empty) break
    }
    const videoId = shown.videoId as string
    previous = videoId
    if (shown.rows.length === 0) {
      await page.keyboard.press('Enter')
      continue
    }
    const matches = rowsAsMatches(shown, await answers.list(videoId), answers.floor())
    if (!matches)
      throw new Error(`the rows shown for video ${videoId} do not line up with its match list`)
    const intended = matches.map((match) => {
      const truth = options.isTrue(videoId, match.product.id)
      const mistaken = random.chance(options.errorRate)
      if (mistaken && !timed) sustained.mistakes++
      return truth !== mistaken ? ('accepted' as const) : ('rejected' as const)
    })
    for (const decision of intended) {
      const key = decision === 'accepted' ? 'a' : 'x'
      if (timed)
        figures.decisions.push(
          await timedPress(page, 'decision', key, options.keyPhase.next() * frameMs),
        )
      else {
        await page.keyboard.press(key)
        const minute = Math.floor(clock() / 60_000)
        sustained.perMinute[minute] = (sustained.perMinute[minute] ?? 0) + 1
      }
    }
    const after = await readScreen(page)
    const wrong = intended.findIndex(
      (decision, index) => after.rows[index]?.pressed !== words[decision],
    )
    if (wrong >= 0)
      throw new Error(`video ${videoId}: suggestion ${wrong + 1} does not show the decision made`)
    if (timed)
      figures.advances.push(
        await timedPress(page, 'advance', 'Enter', options.keyPhase.next() * frameMs),
      )
    else {
      await page.keyboard.press('Enter')
      sustained.decisions += intended.length
      sustained.videos++
    }
  }
  if (started !== null) {
    // The last video's submit is part of the pace: its advance is waited for.
    await waitForScreen(page, previous).catch(() => null)
    sustained.elapsedMs = clock()
  }
  const whole = Math.floor(sustained.elapsedMs / 60_000)
  sustained.perMinute = Array.from(
    { length: whole },
    (_, minute) => sustained.perMinute[minute] ?? 0,
  )
  return figures
}
