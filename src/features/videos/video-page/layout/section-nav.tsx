import { type RefObject, useEffect, useRef } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { focusRing } from '@/components/ui/control-styles'
import { usePageDrafts } from '../drafts/page-drafts'
import { type SectionId, sections } from '../sections'
import { SectionLink } from './section-link'
import { useCurrentSection } from './use-current-section'

const counts = (video: Video): Partial<Record<SectionId, number>> => ({
  products: video.product_ids.length + video.variant_ids.length,
  posters: video.video_posters.length,
})

// The page's table of contents, as tabs under the title: the section being read is marked (for
// assistive technology too), and a dot marks a section holding unsaved changes.
export function SectionNav({
  video,
  header,
}: {
  video: Video
  header: RefObject<HTMLElement | null>
}) {
  const current = useCurrentSection(header)
  const { sectionsChanged } = usePageDrafts()
  const count = counts(video)
  const list = useRef<HTMLUListElement>(null)
  // On a phone the tabs scroll sideways: the current one is kept in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current tab changes
  useEffect(() => {
    const tabs = list.current
    const here = tabs?.querySelector<HTMLElement>('[aria-current]')
    if (!tabs || !here || tabs.scrollWidth <= tabs.clientWidth) return
    tabs.scrollTo({ left: here.offsetLeft - (tabs.clientWidth - here.offsetWidth) / 2 })
  }, [current])
  return (
    <nav aria-label="Sections of this video">
      <ul ref={list} className="relative -mb-px flex gap-1 overflow-x-auto">
        {sections.map(({ id, label }) => {
          const here = id === current
          return (
            <li key={id} className="shrink-0">
              <SectionLink
                section={id}
                aria-current={here ? 'location' : undefined}
                className={`flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${focusRing} ${
                  here
                    ? 'border-indigo-700 font-medium text-slate-950'
                    : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-950'
                }`}
              >
                {label}
                {count[id] ? (
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">
                    {count[id]}
                  </span>
                ) : null}
                {sectionsChanged.has(id) ? (
                  <>
                    <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
                    <span className="sr-only">, unsaved changes</span>
                  </>
                ) : null}
              </SectionLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
