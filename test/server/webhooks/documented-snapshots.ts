import type { Video } from '../../../src/api/generated/types.gen.ts'

type Json = Record<string, unknown>

/**
 * A video event as document 1 (6.2, 6.3) allows the service to send it, three ways: `sent` is the
 * body as sent, `read` what the dashboard passes on (the same event without the fields the
 * documents do not name).
 */
export function documentedSnapshots(id: string, created: number, caption: string) {
  const envelope = {
    event_type: 'video_updated',
    version: '2023-06-06',
    created,
    business_id: 'b1',
  }
  const data = {
    id,
    status: 'approved',
    access: 'public',
    audio_disabled: false,
    caption,
    description: 'Autumn linen',
    hashtags: ['linen'],
    archived_at: null,
    product_ids: [],
    custom_fields: {},
    display_social_attributions: false,
    thumbnail_url: 'https://cdn.example.com/t.jpg',
    video_posters: [
      {
        url: 'https://cdn.example.com/p.jpg',
        aspect_ratio: '9:16',
        format: 'jpeg',
        width: 540,
        height: 960,
      },
    ],
  }
  const same = (name: string, event: Json) => ({ name, sent: event, read: event })
  return [
    // external_media "present only for externally sourced videos", import_id "only for videos
    // created by async URL import": an ordinary video has neither.
    same('an ordinary video, without external_media or import_id', { ...envelope, data }),
    {
      name: 'a later payload version, with fields the documents do not name',
      sent: {
        ...envelope,
        version: '2031-01-01',
        livemode: true,
        data: {
          ...data,
          import_id: 'imp-1',
          external_media: {
            source: 'tiktok',
            username: 'maker',
            url: 'https://t.example/1',
            avatar: 'x',
          },
          video_posters: data.video_posters.map((poster) => ({ ...poster, blurhash: 'L00' })),
          chapters: [{ at: 3 }],
        },
      },
      read: {
        ...envelope,
        version: '2031-01-01',
        data: {
          ...data,
          import_id: 'imp-1',
          external_media: { source: 'tiktok', username: 'maker', url: 'https://t.example/1' },
        },
      },
    },
    same('every field the documents let be null, null', {
      ...envelope,
      data: {
        ...data,
        caption: null,
        description: null,
        archived_at: null,
        display_social_attributions: null,
        external_media: { source: 'instagram', username: null, url: null },
        thumbnail_url: null,
        video_posters: [{ ...data.video_posters[0], aspect_ratio: null }],
      },
    }),
  ] satisfies { name: string; sent: Json; read: Json }[]
}

/** The Video the service answers to GET /videos/{id}. */
export const serviceVideo = (id: string, caption: string): Video => ({
  id,
  access: 'public',
  audio_disabled: false,
  caption,
  content_generation_type: null,
  description: null,
  duration: 12.5,
  hashtags: ['autumn'],
  archived_at: null,
  published_at: '2026-01-05T10:00:00.000Z',
  is_published: true,
  action_type: null,
  action_type_translation: null,
  action_url: null,
  action_custom_label: null,
  product_ids: ['prod-1'],
  variant_ids: [],
  custom_fields: { season: 'autumn' },
  display_social_attributions: null,
  external_media: null,
  thumbnail_url: 'https://cdn.example.com/service.jpg',
  watch_url: `https://watch.example.com/${id}`,
  video_posters: [],
})
