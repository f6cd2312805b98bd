import { lazy, Suspense } from 'react'
import type { Video } from '@/api/generated/types.gen'

const WhyHerePanel = lazy(() => import('./why-here-panel'))

/** What rules did to this video (issue 37), loaded after the page: not part of its first paint. */
export function WhyHere({ video }: { video: Pick<Video, 'id' | 'product_ids'> }) {
  return (
    <Suspense fallback={null}>
      <WhyHerePanel video={video} />
    </Suspense>
  )
}
