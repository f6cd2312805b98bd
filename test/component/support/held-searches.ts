import { type Answer, type Call, deferred } from './fake-api'

/**
 * A list route that answers the unfiltered list at once and holds each search's answer until the
 * test releases it, to look at a screen while a search is in flight.
 */
export function holdSearches(answer: (q: string) => Answer) {
  const held = new Map<string, () => void>()
  const handler = (call: Call) => {
    const q = call.url.searchParams.get('q') ?? ''
    if (!q) return answer(q)
    const { promise, resolve } = deferred()
    held.set(q, () => resolve(answer(q)))
    return promise
  }
  const release = (q: string) => {
    const answerNow = held.get(q)
    if (!answerNow) throw new Error(`No search for “${q}” is held`)
    answerNow()
  }
  return { handler, release }
}

/** The `q` of each search the screen asked, in order. */
export const searchesAsked = (calls: Call[], pathname: string) =>
  calls
    .filter((call) => call.url.pathname === pathname && call.url.searchParams.has('q'))
    .map((call) => call.url.searchParams.get('q'))

/** Whether every search but the last was cancelled (a newer keystroke replaced it). */
export const earlierSearchesCancelled = (calls: Call[], pathname: string) =>
  calls
    .filter((call) => call.url.pathname === pathname && call.url.searchParams.has('q'))
    .slice(0, -1)
    .every((call) => call.signal.aborted)
