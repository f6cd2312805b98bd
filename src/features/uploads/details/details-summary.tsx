import { useQuery } from '@tanstack/react-query'
import { type Control, useWatch } from 'react-hook-form'
import { channelsQuery } from '@/api/queries/channels'
import { formatDateTime } from '@/lib/format'
import { accessLabels } from '@/lib/video-facts'
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

/** The details in a line: "Aurora Outfitters · Public · published now · 2 product tags". */
export function DetailsSummary({ control }: { control: Control<UploadDetailsValues> }) {
  const [channelId, access, publish, publishAt, productIds, variantIds] = useWatch({
    control,
    name: ['channelId', 'access', 'publish', 'publishAt', 'productIds', 'variantIds'],
  })
  const tags = productIds.length + variantIds.length
  const channels = useQuery(channelsQuery())
  const channel = channels.data?.find((c) => c.id === channelId)
  const parts = [
    channel ? (channel.name ?? `@${channel.username}`) : null,
    accessLabels[access],
    publicationWords({ publish, publishAt }),
    tags === 0 ? 'no products' : tags === 1 ? '1 product tag' : `${tags} product tags`,
  ].filter(Boolean)
  return <p className="mt-1 text-sm text-slate-700">{parts.join(' · ')}</p>
}
