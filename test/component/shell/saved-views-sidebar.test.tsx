import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { savedViewsQuery } from '@/api/queries/saved-views'
import { meQuery } from '@/api/queries/session'
import type { SavedView } from '@/api/saved-views'
import { Sidebar } from '@/components/shell/sidebar'
import { axeViolations } from '../support/axe'
import { renderOnPaths } from '../support/memory-router'
import { createTestQueryClient } from '../support/render'

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the sidebar remembers what is folded in a cookie
  document.cookie = 'saved-views=; Path=/; Max-Age=0'
})

const view = (n: number, shared: boolean): SavedView => ({
  id: `v${n}`,
  name: `${shared ? 'Team' : 'Mine'} view ${n}`,
  shared,
  search: { q: `term ${n}` },
  owner: 'ed@example.com',
  mine: !shared,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
})

// 120 views, as a team that saves many has them: 70 shared, 50 of one's own.
const views = [
  ...Array.from({ length: 70 }, (_, n) => view(n + 1, true)),
  ...Array.from({ length: 50 }, (_, n) => view(n + 71, false)),
]

// Who is signed in and the views, as the app has them once its first screen has loaded.
function renderSidebar() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(meQuery().queryKey, {
    id: 'u_1',
    email: 'ed@example.com',
    role: 'editor',
  })
  queryClient.setQueryData(savedViewsQuery().queryKey, views)
  return renderOnPaths(['/uploads', '/videos'], <Sidebar />, queryClient)
}

const savedViews = () => screen.getByRole('navigation', { name: 'Saved views' })
const group = (name: string) => within(savedViews()).getByRole('region', { name })

// An axe scan of 120 links takes seconds on a busy machine.
const manyLinks = { timeout: 20_000 }

it(
  'with 120 saved views, lists a few of each group under the navigation and reaches every one',
  manyLinks,
  async () => {
    const user = userEvent.setup()
    renderSidebar()
    const shared = await within(
      await screen.findByRole('navigation', { name: 'Saved views' }),
    ).findByRole('region', { name: 'Shared views' })
    // The work areas come first and the long lists do not bury them or the sidebar's own button.
    const main = screen.getByRole('navigation', { name: 'Main' })
    expect(within(main).getByRole('link', { name: 'Video library' })).toBeVisible()
    expect(main.compareDocumentPosition(savedViews())).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    expect(within(shared).getAllByRole('link')).toHaveLength(5)
    expect(within(group('My views')).getAllByRole('link')).toHaveLength(5)
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()

    // From the keyboard: the last visible shared view, then "Show all", which opens the rest and
    // moves on to the first view it revealed.
    within(shared).getByRole('link', { name: 'Team view 5' }).focus()
    await user.tab()
    expect(document.activeElement).toBe(
      within(shared).getByRole('button', { name: 'Show all (70)' }),
    )
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(within(shared).getByRole('link', { name: 'Team view 6' }))
    await user.click(within(group('My views')).getByRole('button', { name: 'Show all (50)' }))
    const names = within(savedViews())
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toEqual(views.map((each) => each.name))
    expect(await axeViolations()).toEqual([])

    await user.click(within(group('My views')).getByRole('link', { name: 'Mine view 120' }))
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent(
      '/videos?q=term+120',
    )
  },
)

it(
  'folds a group of views away and back from its heading, and keeps it folded',
  manyLinks,
  async () => {
    const user = userEvent.setup()
    const { unmount } = renderSidebar()
    const toggle = await within(
      await screen.findByRole('navigation', { name: 'Saved views' }),
    ).findByRole('button', { name: 'Shared views' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(group('Shared views')).queryAllByRole('link')).toEqual([])
    expect(within(group('My views')).getAllByRole('link')).toHaveLength(5)
    expect(await axeViolations()).toEqual([])

    unmount()
    renderSidebar()
    const again = await within(
      await screen.findByRole('navigation', { name: 'Saved views' }),
    ).findByRole('button', { name: 'Shared views' })
    expect(again).toHaveAttribute('aria-expanded', 'false')
    await user.click(again)
    expect(within(group('Shared views')).getAllByRole('link')).toHaveLength(5)
  },
)
