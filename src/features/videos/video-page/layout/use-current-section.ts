import { useLocation } from '@tanstack/react-router'
import { type RefObject, useEffect, useState } from 'react'
import { type SectionId, sections } from '../sections'

const ids = sections.map((section) => section.id)

// Which section is being read: the last one whose top has passed under the sticky header. At the
// end of the page the last sections cannot reach the header, so there the one linked to counts, if
// it is in view.
function sectionAt(line: number, hash: string, scroller: Element | null): SectionId {
  let current: SectionId = ids[0] ?? 'details'
  for (const id of ids) {
    const top = document.getElementById(id)?.getBoundingClientRect().top
    if (top !== undefined && top <= line) current = id
  }
  const atEnd = scroller
    ? scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2
    : false
  const linked = ids.find((id) => id === hash)
  const box = linked ? document.getElementById(linked)?.getBoundingClientRect() : undefined
  if (atEnd && linked && box && box.top < window.innerHeight && box.bottom > line) return linked
  return current
}

/** The section in view under `header`, followed as the page scrolls (in any scroll container). */
export function useCurrentSection(header: RefObject<HTMLElement | null>): SectionId {
  const hash = useLocation({ select: (location) => location.hash })
  const [current, setCurrent] = useState<SectionId>(ids[0] ?? 'details')
  useEffect(() => {
    let frame = 0
    let scroller: Element | null = document.scrollingElement
    const measure = () => {
      frame = 0
      // Sections scroll to 1rem under the header (PageSection): within 2rem counts as there.
      const line = (header.current?.getBoundingClientRect().bottom ?? 0) + 32
      setCurrent(sectionAt(line, hash, scroller))
    }
    const onScroll = (event: Event) => {
      const target = event.target
      // A list scrolling inside a section moves no section.
      if (target instanceof Element && !target.contains(header.current)) return
      scroller = target instanceof Element ? target : document.scrollingElement
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    document.addEventListener('scroll', onScroll, { capture: true, passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('scroll', onScroll, { capture: true })
      window.removeEventListener('resize', onScroll)
    }
  }, [header, hash])
  return current
}
