import { type LiveStatus as Status, useLiveStatus } from '@/lib/live-events'

const words: Record<Status, { label: string; dot: string; detail: string }> = {
  live: {
    label: 'Live',
    dot: 'bg-emerald-600',
    detail: 'Changes on the service show up here at once.',
  },
  connecting: { label: 'Connecting…', dot: 'bg-amber-500', detail: 'Connecting to live updates.' },
  offline: {
    label: 'Not live',
    dot: 'bg-slate-500',
    detail: 'Live updates are reconnecting; meanwhile screens refresh every few seconds.',
  },
}

const longest = Object.values(words)
  .map((word) => word.label)
  .reduce((a, b) => (b.length > a.length ? b : a))

// Whether what the marketer sees updates by itself. As wide as its longest label whatever it
// says (an invisible copy of that label under it, in CSS only, so no one reads it), so the bar
// around it does not move when the stream connects.
export function LiveStatusIndicator() {
  const status = words[useLiveStatus()]
  return (
    <p
      role="status"
      title={status.detail}
      className="flex shrink-0 items-center gap-1.5 text-sm whitespace-nowrap text-slate-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${status.dot}`} />
      <span
        data-longest={longest}
        className="grid after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-longest)]"
      >
        <span className="col-start-1 row-start-1">{status.label}</span>
      </span>
      <span className="sr-only">: {status.detail}</span>
    </p>
  )
}
