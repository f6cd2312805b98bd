// The words demo videos are written with: captions name the lead product between an opener and
// a closer; videos without products get a plain caption.
export const openers = [
  'Styling the',
  'First look:',
  'Unboxing the',
  'Why we love the',
  '3 ways to wear the',
  'Behind the scenes with the',
  'Get ready with the',
  'Honest review:',
  'Restocked:',
  'Weekend edit with the',
]
export const closers = [
  '',
  ' for summer',
  ' in 60 seconds',
  ' (new colours)',
  ' - 50% off this week',
  ' x creator collab',
  ' for the office',
  ' on a budget',
  ' for travel',
  ' at golden hour',
]
export const plainCaptions = [
  'Studio day',
  'Team picks',
  'Customer stories',
  'Weekly drop',
  'Quick tips',
]
export const tagPool = [
  '#ootd',
  '#summer',
  '#skincare',
  '#newin',
  '#sale',
  '#grwm',
  'unboxing',
  'review',
  '#homedecor',
  '#sneakers',
  'sustainable',
  '#giftideas',
  '#travel',
  '#behindthescenes',
  '#tutorial',
]
export const ctaTypes = ['shop_now', 'learn_more', 'buy_now']
export const campaigns = [
  'spring_launch',
  'summer_sale',
  'creator_collab',
  'evergreen',
  'holiday_2026',
]
export const shotBy = ['in_house', 'creator', 'agency']
export const socialSources = ['tiktok', 'instagram']
export const subtitleLanguages = ['en', 'en-US', 'fr', 'de']
/** The sample clips that show each catalog category, by a word in the clip's file name. */
export const clipsByCategory: Record<string, string[]> = {
  Apparel: ['tote'],
  Footwear: ['sneakers', 'backpack'],
  Beauty: ['serum'],
  Home: ['mug', 'lamp', 'coffee'],
  Electronics: ['headphones'],
  Accessories: ['tote', 'backpack'],
}
