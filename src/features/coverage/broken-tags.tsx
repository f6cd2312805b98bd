import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type KeyboardEvent, useRef } from 'react'
import { type BrokenTag, brokenTagProblems } from '@/api/merch-index'
import { brokenTagsQuery } from '@/api/queries/merch-index'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { useShortcuts } from '@/components/ui/shortcuts'
import { useToast } from '@/components/ui/toast'
import { formatCount } from '@/lib/format'
import { usePermission } from '@/lib/permissions'
import { videoTitle } from '@/lib/video-facts'
import { type TagFix, useFixTag } from './use-fix-tag'

const productLabel = (tag: BrokenTag) => tag.product?.name ?? 'A product no store lists'

/**
 * Tags whose product no longer sells, by video. On a row, `r` puts the suggested replacement in
 * its place and `d` removes the tag; each is also a button.
 */
export function BrokenTags({ channelId }: { channelId: string }) {
  const query = useSuspenseQuery(brokenTagsQuery({ channelId }))
  const fix = useFixTag(brokenTagsQuery({ channelId }).queryKey)
  const editing = usePermission('updateVideo')
  const toast = useToast()
  const list = useRef<HTMLUListElement>(null)
  useShortcuts('Broken tags', [
    { keys: ['r'], description: 'Replace the tag with the suggested product' },
    { keys: ['d'], description: 'Remove the tag' },
  ])
  const tags = query.data.tags
  const apply = (change: TagFix) => {
    const name = productLabel(change.tag)
    fix.mutate(change, {
      onSuccess: () =>
        toast(
          change.action === 'replace'
            ? `Replaced ${name} with ${change.tag.replacement?.name} on ${videoTitle(change.tag)}`
            : `Removed ${name} from ${videoTitle(change.tag)}`,
          { kind: 'tag-fix' },
        ),
      onError: (error) =>
        toast(`${name} was not changed: ${describeError(error).detail}`, { tone: 'danger' }),
    })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, tag: BrokenTag, index: number) => {
    if (event.target !== event.currentTarget) return
    const rows = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? []
    if (event.key === 'ArrowDown') rows[index + 1]?.focus()
    else if (event.key === 'ArrowUp') rows[index - 1]?.focus()
    else if (event.key === 'r' && tag.replacement && editing.allowed)
      apply({ tag, action: 'replace' })
    else if (event.key === 'd' && editing.allowed) apply({ tag, action: 'remove' })
    else return
    event.preventDefault()
    // The row leaves: the next one takes the keyboard.
    if (event.key === 'r' || event.key === 'd') queueMicrotask(() => rows[index + 1]?.focus())
  }
  if (tags.length === 0) return <EmptyState title="Every tag points at a product in stock" />
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {formatCount(tags.length)}{' '}
        {tags.length === 1 ? 'tag no longer sells' : 'tags no longer sell'}. On a row, press{' '}
        <kbd>r</kbd> to use the suggestion or <kbd>d</kbd> to remove the tag.
      </p>
      <ul ref={list} aria-label="Broken tags" className="space-y-2">
        {tags.map((tag, index) => (
          <li
            key={`${tag.video_id}:${tag.product_id}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a row the keys act on
            tabIndex={0}
            aria-label={`${productLabel(tag)} on ${videoTitle(tag)}: ${brokenTagProblems[tag.problem]}${tag.replacement ? `, suggested ${tag.replacement.name}` : ''}`}
            onKeyDown={(event) => onKeyDown(event, tag, index)}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <div className="min-w-0 flex-1 basis-64 text-sm">
              <p>
                <span className="font-medium">{productLabel(tag)}</span> is{' '}
                {brokenTagProblems[tag.problem]}
              </p>
              <p className="text-slate-700">
                On{' '}
                <Link
                  to="/videos/$videoId"
                  params={{ videoId: tag.video_id }}
                  className={linkClasses}
                >
                  {videoTitle(tag)}
                </Link>
                {tag.replacement
                  ? ` · suggested: ${tag.replacement.name}`
                  : ' · no suggestion in stock'}
              </p>
            </div>
            {tag.replacement ? (
              <Button
                size="sm"
                unavailableReason={editing.reason}
                onClick={() => apply({ tag, action: 'replace' })}
              >
                Replace with {tag.replacement.name}
              </Button>
            ) : null}
            <Button
              size="sm"
              unavailableReason={editing.reason}
              onClick={() => apply({ tag, action: 'remove' })}
            >
              Remove tag
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
