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

// Whether what the marketer sees updates by itself.
export function LiveStatusIndicator() {
  const status = words[useLiveStatus()]
  return (
    <p
      role="status"
      title={status.detail}
      className="flex items-center gap-1.5 text-sm text-slate-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${status.dot}`} />
      {status.label}
      <span className="sr-only">: {status.detail}</span>
    </p>
  )
}
