/**
 * How often a demo video has each trait: the probability that one video rolls it. Together they
 * make a library that is mostly live, with some of every other state the list can filter on.
 */
export const seedRates = {
  /** The demo business's first channel holds most of its videos. */
  onFirstChannel: 0.7,
  errored: 0.015,
  stillProcessing: 0.01,
  draft: 0.14,
  scheduled: 0.06,
  liveStream: 0.03,
  private: 0.1,
  /** Of the videos that are not private. */
  unlisted: 0.03,
  audioDisabled: 0.05,
  described: 0.6,
  archived: 0.07,
  callToAction: 0.4,
  customFields: 0.3,
  socialAttribution: 0.1,
  aiGenerated: 0.05,
  /** Per product listing. */
  hiddenListing: 0.1,
  /** Of the videos with products: the lead product's first unit is tagged as well. */
  variantListing: 0.3,
  posters: 0.2,
  subtitles: 0.1,
  /** Of the subtitle tracks. */
  closedCaptions: 0.3,
} as const
