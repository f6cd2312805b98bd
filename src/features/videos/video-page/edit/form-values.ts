import type { Video } from '@/api/generated/types.gen'
import type { VideoFormValues } from './form-schema'

// The CTA types the select offers (the contract's examples); a stored type outside this list is
// still offered so it is never lost by saving.
export const ctaTypes = [
  { value: 'shop_now', label: 'Shop now' },
  { value: 'learn_more', label: 'Learn more' },
  { value: 'buy_now', label: 'Buy now' },
  { value: 'sign_up', label: 'Sign up' },
  { value: 'custom', label: 'Custom label' },
] as const

// A Video as the form shows it: '' stands for null in text inputs.
export function toFormValues(video: Video): VideoFormValues {
  return {
    caption: video.caption ?? '',
    description: video.description ?? '',
    access: video.access,
    audio_disabled: video.audio_disabled,
    hashtags: [...video.hashtags],
    custom_fields: Object.entries(video.custom_fields).map(([key, value]) => ({ key, value })),
    action_type: video.action_type ?? '',
    action_url: video.action_url ?? '',
    action_custom_label: video.action_custom_label ?? '',
    external_media: {
      source: video.external_media?.source ?? '',
      url: video.external_media?.url ?? '',
      username: video.external_media?.username ?? '',
      navigation_enabled: video.external_media?.navigation_enabled ?? true,
    },
    display_social_attributions: video.display_social_attributions ?? false,
  }
}
