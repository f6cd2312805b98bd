import type { ReactNode } from 'react'

/**
 * Results kept on screen while newer ones load (a search typed further): dimmed and marked busy,
 * so they read as about to change rather than as the answer to what is typed now.
 */
export function StaleResults({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={stale || undefined}
      className={stale ? 'opacity-60 transition-opacity' : undefined}
    >
      {children}
    </div>
  )
}
