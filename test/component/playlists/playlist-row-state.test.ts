import { describe, expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import type { VideoSummary } from '@/api/queries/videos'
import { hiddenReason } from '@/features/playlists/editor/playlist-video-row'
import { saveFailureMessage } from '@/features/playlists/editor/save-failure'

const live: VideoSummary = {
  id: 'v1',
  caption: 'Summer dress',
  thumbnail_url: null,
  duration: 12,
  published_at: '2026-01-01T00:00:00Z',
  is_published: true,
  archived_at: null,
  access: 'public',
}

describe('why the public feed hides a video', () => {
  it('names each reason, and none for a live, approved video', () => {
    expect(hiddenReason(live)).toBeNull()
    expect(hiddenReason({ ...live, duration: null })).toMatch(/^Not approved/)
    expect(hiddenReason({ ...live, archived_at: '2026-02-01T00:00:00Z' })).toBe('Archived')
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString()
    expect(hiddenReason({ ...live, is_published: false, published_at: later })).toBe(
      'Scheduled, not live yet',
    )
    // Fetched while it was scheduled, its time has passed since: it is live now.
    expect(hiddenReason({ ...live, is_published: false })).toBeNull()
    expect(hiddenReason({ ...live, is_published: false, published_at: null })).toBe('Draft')
  })
})

describe('why a playlist change was not saved', () => {
  const said = (status: number, message: string) =>
    saveFailureMessage(new ServiceError(message, status, null))

  it('explains a refusal in the marketer’s words and says the screen is back on the stored order', () => {
    expect(said(422, 'Pinning needs a playlist with an AI feed enabled')).toBe(
      'Not saved. Pinning needs a playlist with an AI feed, and this one has none. The playlist shows the order the service holds.',
    )
    expect(said(403, 'Video x belongs to another business')).toBe(
      'Not saved. Video x belongs to another business. The playlist shows the order the service holds.',
    )
    // A role's refusal reads as the words beside the controls it disables.
    expect(said(403, 'Editors can reorder playlists')).toBe(
      'Not saved. Editors can reorder playlists. The playlist shows the order the service holds.',
    )
    expect(said(404, 'Playlist not found')).toMatch(/no longer exists/)
    expect(said(503, 'Try later.')).toBe(
      'Not saved. The service failed to save it (HTTP 503: Try later.). The playlist shows the order the service holds.',
    )
    expect(said(0, 'offline')).toMatch(/could not be reached/)
  })
})
