import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferred, json } from '../support/fake-api'
import { makeVideo } from '../support/fixtures'
import { pageApi, taggedProduct } from './support/page-api'
import { renderVideoPage } from './support/router'

afterEach(() => vi.unstubAllGlobals())

describe('video page: what the video is', () => {
  it('names tagged products and variants, saying while one loads and when one is unknown', async () => {
    const video = makeVideo()
    const slow = deferred()
    pageApi(video, { 'GET /api/v1/products/pr_Aurora1': () => slow.promise })
    renderVideoPage(`/videos/${video.id}`)

    const products = await screen.findByRole('region', { name: 'Products' })
    const wholes = within(products).getByRole('region', { name: /^Whole products/ })
    expect(within(wholes).getAllByText('Loading…', { selector: 'span.truncate' })).toHaveLength(2)
    expect(await within(wholes).findAllByText('Unknown product')).not.toHaveLength(0)
    const variants = within(products).getByRole('region', { name: /^Specific variants/ })
    expect(
      await within(variants).findAllByText('Aurora Runner · Aurora — Size 42', {
        selector: 'span.truncate',
      }),
    ).toHaveLength(1)

    slow.resolve(json(taggedProduct()))
    expect(
      await within(wholes).findAllByText('Aurora Runner · Aurora', { selector: 'span.truncate' }),
    ).toHaveLength(1)
  })

  it('shows state, dates and the thumbnail, and links only http(s) addresses', async () => {
    const video = makeVideo({
      published_at: '2099-01-01T09:00:00.000Z',
      is_published: false,
      archived_at: '2025-03-01T12:00:00.000Z',
      action_url: 'javascript:alert(1)',
      watch_url: 'http://localhost:4010/watch/vd_8Kq2mX',
    })
    pageApi(video)
    renderVideoPage(`/videos/${video.id}`)

    expect(
      await screen.findByRole('heading', { level: 1, name: video.caption ?? '' }),
    ).toBeInTheDocument()
    const status = screen.getByRole('list', { name: 'Status' })
    expect(within(status).getByText('Scheduled')).toBeInTheDocument()
    expect(within(status).getByText('Archived')).toBeInTheDocument()

    const details = screen.getByRole('region', { name: 'About this video' })
    expect(within(details).getByText(/^Scheduled for/)).toBeInTheDocument()
    expect(within(details).getByText(/^Archived on/)).toBeInTheDocument()
    expect(within(details).getByText('0:14')).toBeInTheDocument()
    expect(within(details).getByText('javascript:alert(1)').closest('a')).toBeNull()

    expect(screen.getByRole('img', { name: `Thumbnail of ${video.caption}` })).toHaveAttribute(
      'src',
      video.thumbnail_url,
    )
    expect(screen.getByRole('link', { name: /Open the watch page/ })).toHaveAttribute(
      'href',
      video.watch_url,
    )
  })

  it('plays the video when the service gives a download file', async () => {
    const video = makeVideo()
    pageApi(video, {
      [`GET /api/v1/videos/${video.id}/download`]: () =>
        json({
          download_url: 'http://localhost:4010/cdn/seed/clip-01-aurora-sneakers.mp4',
          format: 'mp4',
          width: 540,
          height: 960,
          duration: 14.2,
        }),
    })
    const { container } = renderVideoPage(`/videos/${video.id}`)

    await vi.waitFor(() => expect(container.querySelector('video')).not.toBeNull())
    const player = container.querySelector('video')
    expect(player).toHaveAttribute(
      'src',
      'http://localhost:4010/cdn/seed/clip-01-aurora-sneakers.mp4',
    )
    expect(player).toHaveAttribute('poster', video.thumbnail_url)
    expect(player).toHaveAttribute('controls')
  })
})
