import { linkOptions } from '@tanstack/react-router'

// Where each figure of the home page leads: the list it counts, filtered as the figure is (the
// channel follows from the URL). Processing and archived are the service's own list filters; the
// states and "needs attention" are the index's, answered with the same conditions as the summary.
export const homeLinks = {
  processing: linkOptions({ to: '/videos', search: { status: 'pending' } }),
  draft: linkOptions({ to: '/videos', search: { state: 'draft' } }),
  scheduled: linkOptions({ to: '/videos', search: { state: 'scheduled' } }),
  live: linkOptions({ to: '/videos', search: { state: 'live' } }),
  archived: linkOptions({ to: '/videos', search: { archived: true } }),
  attention: linkOptions({ to: '/videos', search: { attention: true } }),
  brokenTags: linkOptions({ to: '/coverage', search: { show: 'tags' } }),
  unselling: linkOptions({ to: '/coverage', search: { show: 'videos' } }),
  matches: linkOptions({ to: '/matches' }),
  uploads: linkOptions({ to: '/uploads' }),
}
