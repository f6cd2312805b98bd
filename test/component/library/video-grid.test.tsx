import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it } from 'vitest'
import type { ItemState } from '@/features/videos/library/library-items'
import { VideoGrid } from '@/features/videos/library/video-grid'
import { makeVideo } from '../support/fixtures'
import { renderOnPaths } from '../support/memory-router'

const handlers: ItemState['handlers'] = { keyDown: () => {}, focus: () => {}, toggle: () => {} }
const item = (index: number): ItemState => ({
  index,
  selected: false,
  active: index === 0,
  handlers,
})

const clip = (id: string, caption: string) =>
  makeVideo({ id, caption, thumbnail_url: `http://localhost:4010/cdn/${id}.jpg` })
const first = [
  clip('vd_dress', 'Linen dress at golden hour'),
  clip('vd_mug', 'A mug for slow mornings'),
]
const next = [clip('vd_boot', 'Boots through the rain'), clip('vd_mug', 'A mug for slow mornings')]

function Results() {
  const [videos, setVideos] = useState(first)
  return (
    <>
      <button type="button" onClick={() => setVideos(next)}>
        Search again
      </button>
      <VideoGrid videos={videos} item={item} pictures />
    </>
  )
}

const cardPicture = (position: number) =>
  within(screen.getAllByRole('listitem')[position] as HTMLElement).getByRole('presentation')

it("shows each card's own picture after a search, and keeps a picture whose video stayed", async () => {
  renderOnPaths(['/videos', '/videos/$videoId'], <Results />)
  const dressPicture = await screen.findByRole('listitem', { name: 'Linen dress at golden hour' })
  const replaced = within(dressPicture).getByRole('presentation')
  const kept = cardPicture(1)

  await userEvent.click(screen.getByRole('button', { name: 'Search again' }))

  const boots = screen.getByRole('listitem', { name: 'Boots through the rain' })
  expect(within(boots).getByRole('link').textContent).toBe('Boots through the rain')
  // A new picture, not the dress's picture given the boots' address: until it loaded, the
  // browser would go on showing the dress beside the boots' caption.
  expect(cardPicture(0)).not.toBe(replaced)
  expect(cardPicture(0).getAttribute('src')).toBe('http://localhost:4010/cdn/vd_boot.jpg')
  expect(cardPicture(1)).toBe(kept)
  expect(screen.queryByRole('listitem', { name: 'Linen dress at golden hour' })).toBeNull()
})
