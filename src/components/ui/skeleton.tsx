/** A grey block where content will be; hidden from assistive technology (the page says Loading). */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none ${className}`}
    />
  )
}

const placeholders = Array.from({ length: 10 }, (_, n) => `placeholder-${n}`)

export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-4 p-2">
      <Skeleton className="h-8 w-64" />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {placeholders.map((key) => (
          <Skeleton key={key} className="aspect-[9/16]" />
        ))}
      </div>
    </div>
  )
}
