import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Notice, NoticeList } from '@/api/notices'
import { NoticesBell } from '@/components/shell/notices-bell'
import { axeViolations } from '../support/axe'
import { fakeApi, json, refuse, writes } from '../support/fake-api'
import { renderOnPaths } from '../support/memory-router'

afterEach(() => vi.unstubAllGlobals())

// happy-dom has popovers' attributes but not their methods; the browser (end-to-end) has both.
HTMLElement.prototype.hidePopover ??= () => {}

const notice = (id: string, read: boolean, link: string | null = null): Notice => ({
  id,
  kind: 'auto_accept.paused',
  title: `Notice ${id}`,
  body: `What ${id} says.`,
  link,
  created_at: '2026-11-28T09:00:00.000Z',
  read,
})

// The bell in a top bar, on a screen, with the dashboard's notices as `list` says.
function renderBell(list: () => NoticeList, onRead = (ids: string[] | 'all') => ids) {
  const calls = fakeApi({
    'GET /api/dashboard/notices': () => json(list()),
    'POST /api/dashboard/notices/read': (call) => {
      const body = call.body as { ids?: string[]; all?: true }
      const read = onRead(body.ids ?? 'all')
      if (read === 'all' || read.length > 0) return json({ marked: 1, ...list() })
      return refuse(500, 'The dashboard server failed')
    },
  })
  renderOnPaths(['/videos', '/review/calibration'], <NoticesBell />)
  return calls
}

it('names its unread count, lists each notice, marks one or all read, and follows a link', async () => {
  const user = userEvent.setup()
  let notices = [notice('n2', false, '/review/calibration'), notice('n1', false)]
  const calls = renderBell(
    () => ({ notices, unread: notices.filter((n) => !n.read).length }),
    (ids) => {
      notices = notices.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n))
      return ids
    },
  )
  const bell = await screen.findByRole('button', { name: 'Notices, 2 unread' })
  const panel = screen.getByRole('region', { name: 'Notices', hidden: true })
  expect(bell).toHaveAttribute('popovertarget', panel.id)
  expect(await axeViolations()).toEqual([])
  // The list (and its code) waits for the bell to be opened.
  expect(within(panel).queryByRole('listitem', { hidden: true })).toBeNull()

  await user.click(bell)
  const items = await within(panel).findAllByRole('listitem', { hidden: true })
  expect(items[0]).toHaveTextContent('Unread: Notice n2What n2 says.')
  await user.click(
    within(panel).getByRole('button', { name: 'Mark read: Notice n1', hidden: true }),
  )
  await screen.findByRole('button', { name: 'Notices, 1 unread' })
  expect(writes(calls)).toEqual([
    { method: 'POST', path: '/api/dashboard/notices/read', body: { ids: ['n1'] } },
  ])

  // Following a notice's link reads it and goes there.
  await user.click(within(panel).getByRole('button', { name: 'Open: Notice n2', hidden: true }))
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/review/calibration',
    ),
  )
  await screen.findByRole('button', { name: 'Notices' })
  expect(writes(calls).at(-1)).toEqual({
    method: 'POST',
    path: '/api/dashboard/notices/read',
    body: { ids: ['n2'] },
  })
  expect(within(panel).queryByRole('button', { name: 'Mark all read', hidden: true })).toBeNull()
})

it('marks every notice read at once, and says so when the dashboard refuses', async () => {
  const user = userEvent.setup()
  const notices = [notice('n3', false), notice('n4', false)]
  const calls = renderBell(
    () => ({ notices, unread: 2 }),
    () => [],
  )
  await user.click(await screen.findByRole('button', { name: 'Notices, 2 unread' }))
  const panel = screen.getByRole('region', { name: 'Notices', hidden: true })
  await user.click(
    await within(panel).findByRole('button', { name: 'Mark all read', hidden: true }),
  )
  expect(writes(calls)).toEqual([
    { method: 'POST', path: '/api/dashboard/notices/read', body: { all: true } },
  ])
  const alert = await within(panel).findByRole('alert', { hidden: true })
  expect(alert).toHaveTextContent('Not marked read: The dashboard server failed')
  expect(screen.getByRole('button', { name: 'Notices, 2 unread' })).toBeInTheDocument()
})

it('says when there is nothing to tell', async () => {
  renderBell(() => ({ notices: [], unread: 0 }))
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Notices' }))
  const panel = screen.getByRole('region', { name: 'Notices', hidden: true })
  await within(panel).findByText('Nothing to tell you yet.')
})
