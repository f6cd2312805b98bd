import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StateBadges, stateBadges } from '@/components/video/video-state'
import { publicationLabel, publicationState, videoTitle } from '@/lib/video-facts'

const now = Date.parse('2026-11-26T10:00:00Z')
const video = {
  published_at: null as string | null,
  archived_at: null as string | null,
  access: 'public' as 'public' | 'private' | 'unlisted',
}

describe('videoTitle', () => {
  it('is the caption, or "Untitled video" when there is none or only spaces', () => {
    expect(videoTitle({ caption: 'Spring drop' })).toBe('Spring drop')
    expect(videoTitle({ caption: null })).toBe('Untitled video')
    expect(videoTitle({ caption: '' })).toBe('Untitled video')
    expect(videoTitle({ caption: '   ' })).toBe('Untitled video')
    expect(videoTitle({})).toBe('Untitled video')
  })
})

describe('publication state', () => {
  it('is a draft without a time, scheduled before it, live from it on', () => {
    expect(publicationState(video, now)).toEqual({ kind: 'draft' })
    const future = '2026-11-27T10:00:00Z'
    expect(publicationState({ published_at: future }, now)).toEqual({
      kind: 'scheduled',
      at: future,
    })
    const past = '2026-11-25T10:00:00Z'
    expect(publicationState({ published_at: past }, now)).toEqual({ kind: 'live', at: past })
    expect(publicationState({ published_at: '2026-11-26T10:00:00Z' }, now).kind).toBe('live')
  })

  it('turns live once the scheduled time passes, whatever is_published said when fetched', () => {
    const scheduled = { published_at: '2026-11-26T10:30:00Z', is_published: false }
    expect(publicationState(scheduled, now).kind).toBe('scheduled')
    expect(publicationState(scheduled, now + 60 * 60 * 1000).kind).toBe('live')
  })

  it('reads as words with the local time', () => {
    expect(publicationLabel({ kind: 'draft' })).toBe('Draft')
    expect(publicationLabel({ kind: 'scheduled', at: '2026-11-27T10:00:00Z' })).toMatch(
      /^Scheduled for .*27/,
    )
    expect(publicationLabel({ kind: 'live', at: '2026-11-25T10:00:00Z' })).toMatch(
      /^Live since .*25/,
    )
  })
})

describe('state badges', () => {
  it('show publication, then archive and access when they are not the default, one tone each', () => {
    expect(stateBadges({ ...video, published_at: '2026-11-25T10:00:00Z' }, now)).toEqual([
      { label: 'Live', tone: 'success' },
    ])
    expect(
      stateBadges(
        {
          published_at: '2026-11-27T10:00:00Z',
          archived_at: '2026-11-20T10:00:00Z',
          access: 'private',
        },
        now,
      ),
    ).toEqual([
      { label: 'Scheduled', tone: 'info' },
      { label: 'Archived', tone: 'warning' },
      { label: 'Private', tone: 'neutral' },
    ])
    expect(stateBadges({ ...video, access: 'unlisted' }, now)).toEqual([
      { label: 'Draft', tone: 'neutral' },
      { label: 'Unlisted', tone: 'neutral' },
    ])
  })

  it('form a named list on a page, plain badges in a row', () => {
    const archivedDraft = { ...video, archived_at: '2026-11-20T10:00:00Z' }
    const { rerender } = render(<StateBadges video={archivedDraft} label="Status" />)
    const list = screen.getByRole('list', { name: 'Status' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Draft', 'Archived'])
    rerender(<StateBadges video={archivedDraft} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('Archived')).toBeVisible()
  })
})
