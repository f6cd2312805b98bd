import type { ReactNode } from 'react'
import type { SectionId } from '../sections'

// Clear of the app's top bar and the page's sticky header when scrolled to, whatever their height.
const clearOfHeaders = {
  scrollMarginTop: 'calc(var(--app-top-bar-height, 0px) + var(--video-header-height, 0px) + 1rem)',
}

/** One section of the video page, the target of its link (`#posters`). */
export function PageSection({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <div id={id} tabIndex={-1} data-page-section style={clearOfHeaders} className="outline-none">
      {children}
    </div>
  )
}
