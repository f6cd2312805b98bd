import { useNavigate } from '@tanstack/react-router'
import type { ComponentProps } from 'react'
import type { SectionId } from '../sections'

/**
 * A link to a section of the video page: the URL's hash names it, so it can be shared and Back
 * returns to the section before. The router makes the move (a history entry it knows, the scroll
 * it restores on Back); focus follows to the section, as with any in-page link.
 */
export function SectionLink({
  section,
  onClick,
  ...props
}: ComponentProps<'a'> & { section: SectionId }) {
  const navigate = useNavigate()
  return (
    <a
      {...props}
      href={`#${section}`}
      onClick={(event) => {
        onClick?.(event)
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
        if (event.defaultPrevented || event.button !== 0 || modified) return
        event.preventDefault()
        void navigate({
          to: '.',
          hash: section,
          search: true,
          resetScroll: false,
          hashScrollIntoView: { block: 'start' },
        }).then(() => document.getElementById(section)?.focus({ preventScroll: true }))
      }}
    />
  )
}
