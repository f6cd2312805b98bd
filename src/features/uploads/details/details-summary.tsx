import { useQuery } from '@tanstack/react-query'
import { type Control, useWatch } from 'react-hook-form'
import { channelsQuery } from '../../../api/queries/channels'
import { formatDateTime } from '../../../lib/format'
import type { UploadDetailsValues } from '../upload-details'

const publicationWords = (values: Pick<UploadDetailsValues, 'publish' | 'publishAt'>) => {
  if (values.publish === 'draft') return 'saved as drafts'
  if (values.publish === 'schedule') {
    const at = new Date(values.publishAt)
    return Number.isNaN(at.getTime())
      ? 'scheduled (time to choose)'
      : `scheduled for ${formatDateTime(at.toISOString())}`
  }
  return 'published now'
}

/** The details in a line: "Aurora Outfitters · Public · published now · 2 products". */
export function DetailsSummary({ control }: { control: Control<UploadDetailsValues> }) {
  const [channelId, access, publish, publishAt, products] = useWatch({
    control,
    name: ['channelId', 'access', 'publish', 'publishAt', 'products'],
  })
  const channels = useQuery(channelsQuery())
  const channel = channels.data?.find((c) => c.id === channelId)
  const parts = [
    channel ? (channel.name ?? `@${channel.username}`) : null,
    access === 'private' ? 'Private' : 'Public',
    publicationWords({ publish, publishAt }),
    products.length === 0
      ? 'no products'
      : products.length === 1
        ? '1 product'
        : `${products.length} products`,
  ].filter(Boolean)
  return <p className="mt-1 text-sm text-slate-700">{parts.join(' · ')}</p>
}
