import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen'
import { PageDrafts } from '@/features/videos/video-page/drafts/page-drafts'
import { PostersPanel } from '@/features/videos/video-page/posters/posters-panel'
import { makeVideo } from '../support/fixtures'
import { renderWithProviders } from '../support/render'

type Poster = Video['video_posters'][number]

const poster = (id: string, overrides: Partial<Poster>): Poster => ({
  id,
  url: `https://cdn.example/${id}.jpg`,
  aspect_ratio: '9:16',
  format: 'jpg',
  width: 1080,
  height: 1920,
  video_poster_type: 'static',
  source: 'upload',
  external_id: null,
  weight: null,
  ...overrides,
})

it('names posters of one format and size apart, by their place and where they came from', () => {
  renderWithProviders(
    // The panel's add form puts what is typed in the page's save bar.
    <PageDrafts>
      <PostersPanel
        video={makeVideo({
          video_posters: [
            poster('p1', { weight: 0.5 }),
            poster('p2', { weight: 1 }),
            poster('p3', { weight: 0.2, source: null, external_id: 'spring', width: 720 }),
          ],
        })}
      />
    </PageDrafts>,
  )
  const names = [
    'Poster 1, from upload, 1080×1920',
    'Poster 2, from upload, 1080×1920',
    'Poster 3 “spring”, source unknown, 720×1920',
  ]
  for (const name of names) {
    expect(screen.getByRole('button', { name: `Reorder ${name}` })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Move ${name}` })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument()
    expect(screen.getByRole('img', { name })).toBeInTheDocument()
  }
  // The served order: the heaviest first.
  expect(screen.getByRole('img', { name: names[0] })).toHaveAttribute(
    'src',
    'https://cdn.example/p2.jpg',
  )
})
