import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { useId, useRef } from 'react'
import { localPath } from '@/api/local-path'
import type { Notice, NoticesRead } from '@/api/notices'
import { markNoticesRead, noticeKeys, noticesQuery } from '@/api/queries/notices'
import { formatDateTime } from '@/lib/format'
import { Button, buttonClasses } from '../ui/button'

/** "Notices", with how many are unread: the bell's name for screen readers. */
export const bellName = (unread: number) => (unread === 0 ? 'Notices' : `Notices, ${unread} unread`)

/**
 * What the dashboard has told the signed-in person (auto-accept paused itself, a rule fired):
 * a button with the unread count, opening a list in a native popover (light dismiss, Escape,
 * focus back to the button, next in the tab order after it). Each notice is marked read on its
 * own or all at once; following its link marks it read.
 */
export function NoticesBell() {
  const queryClient = useQueryClient()
  const router = useRouter()
  const notices = useQuery(noticesQuery())
  const panelId = useId()
  const headingId = useId()
  const panel = useRef<HTMLElement>(null)
  const unread = notices.data?.unread ?? 0
  const mark = useMutation({
    mutationFn: (which: NoticesRead) => markNoticesRead(which),
    onSuccess: (list) => queryClient.setQueryData(noticeKeys.list(), list),
  })
  const open = (notice: Notice) => {
    if (!notice.read) mark.mutate({ ids: [notice.id] })
    void router.navigate({ href: localPath(notice.link, window.location.origin) })
    panel.current?.hidePopover()
  }
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        aria-label={bellName(unread)}
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
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold">
            Notices
          </h2>
          {unread > 0 ? (
            <Button size="sm" busy={mark.isPending} onClick={() => mark.mutate({ all: true })}>
              Mark all read
            </Button>
          ) : null}
        </div>
        {mark.isError ? (
          <p role="alert" className="text-red-800">
            Not marked read: {mark.error.message}
          </p>
        ) : null}
        <NoticeList
          notices={notices.data?.notices}
          failed={notices.isError ? notices.error.message : null}
          onOpen={open}
          onRead={(notice) => mark.mutate({ ids: [notice.id] })}
        />
      </section>
    </>
  )
}

function NoticeList({
  notices,
  failed,
  onOpen,
  onRead,
}: {
  notices: Notice[] | undefined
  failed: string | null
  onOpen: (notice: Notice) => void
  onRead: (notice: Notice) => void
}) {
  if (failed) return <p className="text-slate-700">The notices could not be read: {failed}</p>
  if (!notices) return <p className="text-slate-700">Reading the notices…</p>
  if (notices.length === 0) return <p className="text-slate-700">Nothing to tell you yet.</p>
  return (
    <ul className="space-y-2">
      {notices.map((notice) => (
        <li
          key={notice.id}
          className={`space-y-1 rounded-md border p-2 ${notice.read ? 'border-slate-200' : 'border-slate-400 bg-slate-50'}`}
        >
          <p className="font-medium">
            {notice.read ? null : <span className="sr-only">Unread: </span>}
            {notice.title}
          </p>
          <p className="text-slate-700">{notice.body}</p>
          <p className="text-xs text-slate-600">{formatDateTime(notice.created_at)}</p>
          <div className="flex flex-wrap gap-2">
            {notice.link ? (
              <Button size="sm" aria-label={`Open: ${notice.title}`} onClick={() => onOpen(notice)}>
                Open
              </Button>
            ) : null}
            {notice.read ? null : (
              <Button
                size="sm"
                variant="quiet"
                aria-label={`Mark read: ${notice.title}`}
                onClick={() => onRead(notice)}
              >
                Mark read
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
