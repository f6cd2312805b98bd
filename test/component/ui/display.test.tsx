import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Badge } from '@/components/ui/badge'
import { buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Kbd } from '@/components/ui/kbd'
import { PageSkeleton, Skeleton } from '@/components/ui/skeleton'
import { axeViolations } from '../support/axe'

describe('display parts', () => {
  it('an empty state says what the emptiness means and offers the way forward', async () => {
    const { container } = render(
      <main>
        <h1>Playlists</h1>
        <EmptyState
          title="No playlists yet"
          action={
            <a href="/playlists/new" className={buttonClasses('primary')}>
              Create a playlist
            </a>
          }
        >
          Playlists power the shoppable feeds on your sites.
        </EmptyState>
      </main>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'No playlists yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a playlist' })).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
  })

  it('badges carry their meaning in text; keys are spoken by name', async () => {
    const { container } = render(
      <p>
        <Badge tone="warning">Hidden from the feed</Badge> Press <Kbd>↑</Kbd> or <Kbd>k</Kbd>
      </p>,
    )
    expect(screen.getByText('Hidden from the feed')).toBeInTheDocument()
    expect(screen.getByLabelText('Up arrow')).toHaveTextContent('↑')
    expect(screen.getByText('k').tagName).toBe('KBD')
    expect(await axeViolations(container)).toEqual([])
  })

  it('skeletons are hidden from assistive technology; the page placeholder says Loading', async () => {
    const { container } = render(
      <>
        <Skeleton className="h-4" />
        <PageSkeleton />
      </>,
    )
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
    expect(await axeViolations(container)).toEqual([])
  })
})
