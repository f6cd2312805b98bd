import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { noticesQuery } from '@/api/queries/notices'
import { buttonClasses } from '../ui/button'

// Loaded the first time the bell opens: the first screen shows only the count.
const NoticesPanel = lazy(() => import('./notices-panel'))

/** "Notices", with how many are unread: the bell's name for screen readers. */
export const bellName = (unread: number) => (unread === 0 ? 'Notices' : `Notices, ${unread} unread`)

/**
 * What the dashboard has told the signed-in person (auto-accept paused itself, a rule fired):
 * a button with the unread count, opening a list in a native popover (light dismiss, Escape,
 * focus back to the button, next in the tab order after it).
 */
export function NoticesBell() {
  const notices = useQuery(noticesQuery())
  const panelId = useId()
  const headingId = useId()
  const panel = useRef<HTMLElement>(null)
  const [opened, setOpened] = useState(false)
  const unread = notices.data?.unread ?? 0
  const heading = (
    <h2 id={headingId} className="text-base font-semibold">
      Notices
    </h2>
  )
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        aria-label={bellName(unread)}
        // A click opens the popover, by mouse or key alike; the list's code follows.
        onClick={() => setOpened(true)}
        className={`${buttonClasses('quiet', 'sm')} relative shrink-0`}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <section
        ref={panel}
        id={panelId}
        popover="auto"
        aria-labelledby={headingId}
        className="fixed inset-auto top-14 right-4 m-0 max-h-[70vh] w-96 max-w-[calc(100vw-2rem)] space-y-3 overflow-y-auto rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg"
      >
        {opened ? (
          <Suspense
            fallback={
              <>
                {heading}
                <p className="text-slate-700">Reading the notices…</p>
              </>
            }
          >
            <NoticesPanel
              heading={heading}
              list={notices.data}
              failed={notices.isError ? notices.error.message : null}
              panel={panel}
            />
          </Suspense>
        ) : (
          heading
        )}
      </section>
    </>
  )
}
