import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { meQuery } from '@/api/queries/session'
import { NavLinks } from '@/components/shell/nav-links'
import { renderOnPaths } from '../support/memory-router'
import { createTestQueryClient } from '../support/render'

function renderNav() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(meQuery().queryKey, {
    id: 'u_1',
    email: 'ed@example.com',
    role: 'editor',
  })
  return renderOnPaths(['/uploads', '/videos'], <NavLinks />, queryClient)
}

const link = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name })

it('shows a clicked work area as chosen at once, then opens it and marks it as the current page', async () => {
  renderNav()
  expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/uploads')
  expect(link('Uploads')).toHaveAttribute('aria-current', 'page')

  // Dispatched at once, as the browser does: the frame after the click already shows the choice,
  // and the area itself opens only after that frame.
  fireEvent.click(link('Video library'))
  expect(link('Video library')).toHaveAttribute('data-pending')
  expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/uploads')

  await expect
    .poll(() => screen.getByRole('status', { name: 'Location' }).textContent)
    .toBe('/videos')
  await expect.poll(() => link('Video library').getAttribute('aria-current')).toBe('page')
  expect(link('Video library')).not.toHaveAttribute('data-pending')
  expect(link('Uploads')).not.toHaveAttribute('aria-current')
})

it('opens a work area chosen from the keyboard the same way', async () => {
  const user = userEvent.setup()
  renderNav()
  await screen.findByRole('navigation', { name: 'Main' })
  link('Video library').focus()
  await user.keyboard('{Enter}')
  await expect
    .poll(() => screen.getByRole('status', { name: 'Location' }).textContent)
    .toBe('/videos')
  expect(link('Video library')).toHaveAttribute('aria-current', 'page')
})
