import type { ReactNode } from 'react'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import type { SectionId } from '../sections'

// Clear of the app's top bar and the page's sticky header when scrolled to, whatever their height.
const clearOfHeaders = {
  scrollMarginTop: 'calc(var(--app-top-bar-height, 0px) + var(--video-header-height, 0px) + 1rem)',
}

/**
 * One section of the video page, the target of its link (`#posters`). What the signed-in role
 * cannot do in it is said once, above it.
 */
export function PageSection({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <div id={id} tabIndex={-1} data-page-section style={clearOfHeaders} className="outline-none">
      <UnavailableGroup reasonsFirst className="mb-2 space-y-0.5">
        {children}
      </UnavailableGroup>
    </div>
  )
}
