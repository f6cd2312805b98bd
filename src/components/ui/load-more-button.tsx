import type { ReactNode } from 'react'
import { Button, type ButtonSize } from './button'

/**
 * Asks for the next page of a list. While it loads it says "Loading…" and cannot be pressed
 * again, so one press is one request.
 */
export function LoadMoreButton({
  loading,
  onLoadMore,
  size,
  children,
}: {
  loading: boolean
  onLoadMore: () => unknown
  size?: ButtonSize
  /** What pressing it shows: "Show more stores". */
  children: ReactNode
}) {
  return (
    <Button size={size} busy={loading} busyLabel="Loading…" onClick={() => onLoadMore()}>
      {children}
    </Button>
  )
}
