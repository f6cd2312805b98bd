import { useEffect, useState } from 'react'
import { formatVideoCount } from '@/lib/format'

// How long the count must stay the same before a screen reader hears it: results now arrive as
// each key is typed, and hearing every count on the way to a word helps nobody.
const announceAfterMs = 800

/**
 * The library's count line, with a screen reader told the count once a search or filter settles.
 * One line, so the header keeps its height whatever it says.
 */
export function LibraryCount({
  total,
  filtered,
  updating,
}: {
  total: number
  filtered: boolean
  updating: boolean
}) {
  const count = `${formatVideoCount(total)}${filtered ? ' match' : ''}`
  const settled = updating ? null : filtered ? `Search found ${count}` : `Showing all ${count}`
  const [announced, setAnnounced] = useState('')
  useEffect(() => {
    if (settled === null) return
    const timer = setTimeout(() => setAnnounced(settled), announceAfterMs)
    return () => clearTimeout(timer)
  }, [settled])
  return (
    <>
      <p className="mr-2 text-sm whitespace-nowrap text-slate-700" data-library-count="">
        {count}
        {updating ? ' · updating…' : ''}
      </p>
      <p role="status" className="sr-only">
        {announced}
      </p>
    </>
  )
}
