import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { IndexSummary } from '@/api/merch-index'
import { reviewQueueAnswerQuery } from '@/api/queries/review'
import { Panel } from '@/components/ui/panel'
import { usePermission } from '@/lib/permissions'
import { Figure, figureLinkClasses, figureValue } from './figure'
import { homeLinks } from './home-links'

const checkNames = {
  caption: 'no caption',
  product: 'no product',
  broken_tag: 'a broken tag',
  poster: 'no poster',
  subtitles: 'no subtitles',
} satisfies Record<IndexSummary['required'][number], string>

/** What the team's required checks catch, in words: "no caption, no product or no poster". */
function failingWords(required: IndexSummary['required']) {
  // Subtitles are not in the index: the readiness check asks the service for them, video by video.
  const names = required.filter((check) => check !== 'subtitles').map((check) => checkNames[check])
  if (names.length <= 1) return names[0] ?? 'nothing'
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

/**
 * The figures that ask for someone's time: suggestions to review, videos that would not pass the
 * team's checks, tags that no longer sell, live videos selling nothing, and the way to uploads.
 * Without the index (`summary` null) only the service's figures are shown.
 */
export function NeedsALook({
  channelId,
  summary,
}: {
  channelId: string
  summary: IndexSummary | null
}) {
  // The queue the link opens, in its default order: the same videos, counted as it lists them.
  const matches = useQuery({
    ...reviewQueueAnswerQuery(channelId, null),
    select: (queue) => queue.videos.length,
  })
  const uploading = usePermission('createUploadSignature')
  return (
    <Panel title="Needs a look">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <li>
          <Link {...homeLinks.matches} className={figureLinkClasses}>
            <Figure
              value={figureValue(matches)}
              label="videos with AI matches waiting for review"
            />
          </Link>
        </li>
        {summary ? (
          <>
            <li>
              <Link {...homeLinks.attention} className={figureLinkClasses}>
                <Figure
                  value={summary.attention}
                  label="videos needing attention"
                  note={`With ${failingWords(summary.required)}: the checks the team requires.`}
                />
              </Link>
            </li>
            <li>
              <Link {...homeLinks.brokenTags} className={figureLinkClasses}>
                <Figure
                  value={summary.broken_tag_videos}
                  label="videos with a broken tag"
                  note="A tagged product is out of stock, or gone from its store."
                />
              </Link>
            </li>
            <li>
              <Link {...homeLinks.unselling} className={figureLinkClasses}>
                <Figure value={summary.live_without_product} label="live videos with no product" />
              </Link>
            </li>
          </>
        ) : null}
        {uploading.allowed ? (
          <li>
            <Link {...homeLinks.uploads} className={figureLinkClasses}>
              <span className="block text-base font-semibold text-slate-900">Uploads</span>
              <span className="mt-1 block text-xs text-slate-700">
                Files upload while the Uploads screen is open, in the browser that picked them, and
                resume there. Once sent, they count as processing.
              </span>
            </Link>
          </li>
        ) : null}
      </ul>
    </Panel>
  )
}
