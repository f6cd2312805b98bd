import type { ReactNode } from 'react'

/**
 * Results kept on screen while newer ones load (a search typed further): dimmed and marked busy,
 * so they read as about to change rather than as the answer to what is typed now. Dimmed no
 * further than text and links keep a 4.5:1 contrast (at 60% a link read 3.25:1).
 */
export function StaleResults({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={stale || undefined}
      className={stale ? 'opacity-80 transition-opacity' : undefined}
    >
      {children}
    </div>
  )
}
