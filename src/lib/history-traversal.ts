import type { RouterHistory } from '@tanstack/react-router'

let lastWasTraversal = false

/**
 * Keeps whether the latest navigation went back or forward through the history (the browser's
 * buttons, or the app's Back), as opposed to a link or a new search. A screen reached through the
 * history gets its scroll position restored, so it must render whole at once.
 */
export function watchHistoryTraversals(history: RouterHistory): () => void {
  return history.subscribe(({ action }) => {
    lastWasTraversal = action.type === 'BACK' || action.type === 'FORWARD' || action.type === 'GO'
  })
}

export const arrivedThroughHistory = () => lastWasTraversal
