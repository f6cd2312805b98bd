// The signed event bench:live sends: a `video_updated` as the service sends it, the whole webhook
// snapshot (document 1, 6.3), each a second later than the one before.
let created = 1_790_000_000

export const videoUpdated = (videoId: string) =>
  JSON.stringify({
    event_type: 'video_updated',
    version: '2023-06-06',
    created: created++,
    business_id: 'bench',
    data: {
      id: videoId,
      status: 'approved',
      access: 'public',
      audio_disabled: false,
      caption: null,
      description: null,
      hashtags: [],
      archived_at: null,
      product_ids: [],
      custom_fields: {},
      display_social_attributions: false,
      external_media: null,
      thumbnail_url: null,
      video_posters: [],
    },
  })
