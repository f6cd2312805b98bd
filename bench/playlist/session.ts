import type { Page } from 'playwright-core'

/** An animation frame over 50 ms: when (ms after the lift), how long, and the scripts in it. */
export interface LongFrame {
  at: number
  duration: number
  scripts: string[]
}

export interface DragFigures {
  /** Milliseconds between consecutive animation frames while the drag ran. */
  frameIntervals: number[]
  longTasks: number[]
  longFrames: LongFrame[]
  maxRows: number
  /** Videos whose details the page read one at a time while the drag ran. */
  detailReads: number
  /** From the drop to the service's answer to the new order. */
  dropToSavedMs: number
  /** Where the moved video ended up in the order the service holds (1-based). */
  storedPosition: number
}

interface Recorded {
  frames: number[]
  maxRows: number
  longTasks: number[]
  longFrames: LongFrame[]
  detailReads: number
}

export const startRecording = (page: Page) =>
  page.evaluate(() => (window as unknown as { __drag: { start(): void } }).__drag.start())

export async function stopRecording(page: Page) {
  const recorded = (await page.evaluate(() =>
    (window as unknown as { __drag: { stop(): Recorded } }).__drag.stop(),
  )) as Recorded
  const frameIntervals = recorded.frames
    .slice(1)
    .map((time, index) => time - (recorded.frames[index] ?? time))
  return {
    frameIntervals,
    longTasks: recorded.longTasks,
    longFrames: recorded.longFrames,
    maxRows: recorded.maxRows,
    detailReads: recorded.detailReads,
  }
}

/** What dnd-kit's live region says now ("… is over position 12 of 1000."). */
export const spoken = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')]
      .map((region) => region.textContent ?? '')
      .join(' '),
  )

export const overPosition = async (page: Page) => {
  const match = /over positions? (\d+)/.exec(await spoken(page))
  return match ? Number(match[1]) : null
}

/** Resolves with the time the service's answer to the next new order (PUT) arrived. */
export function nextSave(page: Page, playlistId: string): Promise<number> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === `/api/v1/playlists/${playlistId}/videos`,
      { timeout: 30_000 },
    )
    .then(async (response) => {
      if (!response.ok()) throw new Error(`the new order was refused: HTTP ${response.status()}`)
      return performance.now()
    })
}

/** The 1-based place of `videoId` in the order the service holds now. */
export const storedPositionOf = (page: Page, playlistId: string, videoId: string) =>
  page.evaluate(
    async ({ playlistId, videoId }) => {
      const response = await fetch(`/api/v1/playlists/${playlistId}`)
      const playlist = (await response.json()) as { video_ids: string[] }
      return playlist.video_ids.indexOf(videoId) + 1
    },
    { playlistId, videoId },
  )
