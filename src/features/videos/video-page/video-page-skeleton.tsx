import { Skeleton } from '@/components/ui/skeleton'

// Shown while the video loads: the page's shape, announced once as loading.
export function VideoPageSkeleton() {
  return (
    <div role="status" aria-label="Loading video" className="space-y-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-2/3 max-w-xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="space-y-4">
          <Skeleton className="aspect-[9/16] w-full max-w-xs" />
          <Skeleton className="h-40" />
        </div>
        <div className="space-y-4">
          <Skeleton className="h-32" />
          <Skeleton className="h-96" />
        </div>
      </div>
    </div>
  )
}
