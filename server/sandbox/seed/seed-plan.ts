import type { Random } from './random.ts'

export interface SeedClip {
  key: string
  thumbnail: string | null
  duration: number
  width: number | null
  height: number | null
  size: number
}

export interface SeedPoster {
  url: string
  format: 'jpg' | 'png' | 'webp' | 'gif'
  width: number
  height: number
  aspect_ratio: string
}

export interface SeedProductRef {
  id: number
  units: number[]
}

/** What the demo library is made from: the catalog, the shipped media and the two businesses. */
export interface SeedPlan {
  ids: () => string
  random: Random
  clips: SeedClip[]
  posters: SeedPoster[]
  subtitle: string | null
  count: number
  demo: {
    businessId: number
    channels: number[]
    products: SeedProductRef[]
    /** The business's second store (EUR): AI matching suggests from every store. */
    otherStoreProducts: SeedProductRef[]
  }
  solo: { businessId: number; channel: number; products: SeedProductRef[] }
}

/** A seeded video, as playlists and matches pick from them. */
export interface SeededVideo {
  id: number
  channel: number
  business: number
  approved: boolean
  products: number[]
}
