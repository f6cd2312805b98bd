import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { LibraryVideo } from '@/api/queries/videos'
import { PickerRow } from '@/features/playlists/picker/picker-row'
import { axeViolations } from '../support/axe'

const video = (overrides: Partial<LibraryVideo>): LibraryVideo => ({
  id: 'v396',
  caption: 'Customer stories #396',
  thumbnail_url: null,
  published_at: '2026-01-01T00:00:00Z',
  is_published: true,
  archived_at: null,
  access: 'public',
  duration: 7,
  hashtags: [],
  product_ids: [],
  ...overrides,
})

// happy-dom spaces every element's text apart ("0:07 , Live"); Chromium joins inline text as is.
const description = (...parts: string[]) => new RegExp(`^${parts.join(' ?, ')}$`)

it('labels each checkbox by the caption alone, with the duration and state as its description', async () => {
  const { container } = render(
    <ul>
      <PickerRow video={video({})} inPlaylist={false} checked={false} onToggle={() => {}} />
      <PickerRow
        video={video({ id: 'v2', caption: 'Spring drop', archived_at: '2026-02-01T00:00:00Z' })}
        inPlaylist={false}
        checked={false}
        onToggle={() => {}}
      />
      <PickerRow
        video={video({ id: 'v3', caption: 'Desk lamp', duration: 75 })}
        inPlaylist
        checked={false}
        onToggle={() => {}}
      />
    </ul>,
  )
  expect(
    screen.getByRole('checkbox', { name: 'Customer stories #396' }),
  ).toHaveAccessibleDescription(description('0:07', 'Live'))
  expect(screen.getByRole('checkbox', { name: 'Spring drop' })).toHaveAccessibleDescription(
    description('0:07', 'Live', 'Archived'),
  )
  const taken = screen.getByRole('checkbox', { name: 'Desk lamp' })
  expect(taken).toHaveAccessibleDescription(description('1:15', 'In the playlist'))
  expect(taken).toBeDisabled()
  expect(await axeViolations(container)).toEqual([])
})
