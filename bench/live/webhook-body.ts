import { createHmac } from 'node:crypto'

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

/** The body and headers of a signed `video_updated` for `videoId`, as the service signs it. */
export function signedVideoUpdated(secret: string, videoId: string) {
  const body = videoUpdated(videoId)
  const t = Date.now()
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('base64')
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'service-webhooks-signature': `t=${t},v1=${v1}`,
    },
  }
}
