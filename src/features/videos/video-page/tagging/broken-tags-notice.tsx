import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { brokenTagProblems } from '@/api/merch-index'
import { brokenTagsQuery } from '@/api/queries/merch-index'
import { useIndexRunning } from '@/components/merch-index/use-index-running'
import { Callout } from '@/components/ui/callout'
import { linkClasses } from '@/components/ui/control-styles'

/**
 * The video's tags whose product no longer sells, from the dashboard's index, with the way to fix
 * them. Nothing is shown while it loads, when every tag is fine, or on a server without the index.
 */
export function BrokenTagsNotice({ videoId }: { videoId: string }) {
  const running = useIndexRunning()
  const query = useQuery({ ...brokenTagsQuery({ videoId }), enabled: running === true })
  const tags = query.data?.tags ?? []
  if (tags.length === 0) return null
  return (
    <Callout
      tone="warning"
      title={tags.length === 1 ? 'A tag no longer sells' : `${tags.length} tags no longer sell`}
      actions={
        <Link to="/coverage" search={{ show: 'tags' }} className={linkClasses}>
          Fix broken tags
        </Link>
      }
    >
      <ul className="list-disc pl-5">
        {tags.map((tag) => (
          <li key={tag.product_id}>
            {tag.product?.name ?? 'A product no store lists'} is {brokenTagProblems[tag.problem]}
            {tag.replacement ? ` (suggested instead: ${tag.replacement.name})` : ''}
          </li>
        ))}
      </ul>
    </Callout>
  )
}
