import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode, RefObject } from 'react'
import { localPath } from '@/api/local-path'
import type { NoticesRead } from '@/api/notice-writes'
import type { Notice, NoticeList } from '@/api/notices'
import { markNoticesRead, noticeKeys } from '@/api/queries/notices'
import { formatDateTime } from '@/lib/format'
import { Button } from '../ui/button'

/**
 * The bell's list, loaded the first time the bell is opened: marking read and following a link
 * are nothing a first screen needs. Each notice is marked read on its own or all at once;
 * following its link marks it read.
 */
export default function NoticesPanel({
  heading,
  list,
  failed,
  panel,
}: {
  heading: ReactNode
  list: NoticeList | undefined
  failed: string | null
  panel: RefObject<HTMLElement | null>
}) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const unread = list?.unread ?? 0
  const mark = useMutation({
    mutationFn: (which: NoticesRead) => markNoticesRead(which),
    onSuccess: (answer) => queryClient.setQueryData(noticeKeys.list(), answer),
  })
  const open = (notice: Notice) => {
    if (!notice.read) mark.mutate({ ids: [notice.id] })
    void router.navigate({ href: localPath(notice.link, window.location.origin) })
    panel.current?.hidePopover()
  }
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        {heading}
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
      <NoticeItems
        notices={list?.notices}
        failed={failed}
        onOpen={open}
        onRead={(notice) => mark.mutate({ ids: [notice.id] })}
      />
    </>
  )
}

function NoticeItems({
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
