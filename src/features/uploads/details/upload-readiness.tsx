import { useQuery } from '@tanstack/react-query'
import { type Control, useWatch } from 'react-hook-form'
import type { ReadinessCheck } from '@/api/merch-index'
import { indexStatusQuery, readinessSettingsQuery } from '@/api/queries/merch-index'
import { Callout } from '@/components/ui/callout'
import type { UploadDetailsValues } from '../upload-details'

const missing: Record<Exclude<ReadinessCheck, 'broken_tag'>, string> = {
  caption: 'a caption',
  product: 'a product',
  poster: 'a poster (add one on each video’s page)',
  subtitles: 'subtitles (add them on each video’s page)',
}

/**
 * Videos published or scheduled straight from an upload are checked as a publish is (issue 21):
 * what the team requires and these details leave out is said before the files go. A file's own
 * caption can still fill an empty pattern. Nothing is said on a server without the index (which
 * keeps the team's setting), nor for drafts.
 */
export function UploadReadiness({ control }: { control: Control<UploadDetailsValues> }) {
  const [publish, captionPattern, productIds, variantIds] = useWatch({
    control,
    name: ['publish', 'captionPattern', 'productIds', 'variantIds'],
  })
  const status = useQuery(indexStatusQuery())
  const settings = useQuery({
    ...readinessSettingsQuery(),
    enabled: status.data !== undefined && status.data.state !== 'off',
  })
  if (publish === 'draft' || !settings.data) return null
  const lacking = settings.data.required.flatMap((check) => {
    if (check === 'broken_tag') return []
    if (check === 'caption' && captionPattern.trim() !== '') return []
    if (check === 'product' && productIds.length + variantIds.length > 0) return []
    return [missing[check]]
  })
  if (lacking.length === 0) return null
  return (
    <Callout tone="warning" title="Not ready for shoppers">
      {publish === 'schedule' ? 'Scheduled' : 'Published'} this way, each video goes live without{' '}
      {lacking.join(', ')}, which your team requires. Save them as drafts to finish them first, or
      go on.
    </Callout>
  )
}
