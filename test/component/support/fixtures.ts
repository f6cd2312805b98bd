import type { Product, Video } from '@/api/generated/types.gen'

// A Video as the service answers it (document 1, section 2.1), with the shape the sandbox seeds.
export function makeVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: 'vd_8Kq2mX',
    access: 'public',
    audio_disabled: false,
    caption: 'Aurora sneakers in motion',
    content_generation_type: null,
    description: 'Shop the look and tap the products in the video.',
    duration: 14.2,
    hashtags: ['#sneakers', '#ss25'],
    archived_at: null,
    published_at: '2025-03-02T10:15:00.000Z',
    is_published: true,
    action_type: 'shop_now',
    action_type_translation: 'Shop now',
    action_url: 'https://shop.aurora.example/collections/spring',
    action_custom_label: null,
    product_ids: ['pr_Aurora1', 'pr_Gone404'],
    variant_ids: ['un_Aurora1a'],
    custom_fields: { campaign: 'spring_drop', shot_by: 'creator' },
    display_social_attributions: false,
    external_media: null,
    thumbnail_url: 'http://localhost:4010/cdn/seed/clip-01-aurora-sneakers.jpg',
    watch_url: 'http://localhost:4010/watch/vd_8Kq2mX',
    video_posters: [],
    ...overrides,
  }
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'pr_Aurora1',
    name: 'Aurora Runner',
    handle: 'aurora-runner',
    description: null,
    category: 'Shoes',
    currency: 'EUR',
    brand: 'Aurora',
    subtitle: null,
    business_store_id: 'st_Main',
    external_id: 'AUR-001',
    options: [],
    units: [],
    images: [],
    shipping: null,
    hide_price: false,
    custom_cta: null,
    ...overrides,
  }
}
