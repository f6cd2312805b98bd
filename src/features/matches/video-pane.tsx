import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { videoDownloadQuery } from '@/api/queries/videos'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { linkClasses } from '@/components/ui/control-styles'
import { safeHttpUrl } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'

// The video under review: playable where the service gives a file, its poster otherwise, and the
// products already tagged on it. Memoized: the panel around it re-renders as the reviewer decides.
export const VideoPane = memo(function VideoPane({ video }: { video: Video }) {
  const download = useQuery({ ...videoDownloadQuery(video.id), enabled: video.duration !== null })
  const source = safeHttpUrl(download.data?.download_url)
  const poster = safeHttpUrl(video.thumbnail_url)
  const title = videoTitle(video)
  const tags = useStoreTagLabels({ products: video.product_ids, variants: video.variant_ids })
  const frame = 'aspect-[9/16] w-full max-w-60 rounded-lg bg-slate-900 object-cover'
  return (
    <section aria-labelledby="review-video-title" className="space-y-3">
      <h2 id="review-video-title" className="text-lg font-semibold break-words">
        {title}
      </h2>
      {source ? (
        <video
          controls
          muted
          preload="metadata"
          poster={poster ?? undefined}
          src={source}
          className={frame}
          aria-label={`Video: ${title}`}
        />
      ) : poster ? (
        <img src={poster} alt={`Poster of ${title}`} className={frame} />
      ) : (
        <div className={`${frame} flex items-center justify-center text-sm text-white`}>
          No poster yet
        </div>
      )}
      <Link
        to="/videos/$videoId"
        params={{ videoId: video.id }}
        className={`${linkClasses} text-sm`}
      >
        Open the video page
      </Link>
      <div>
        <h3 className="text-sm font-semibold">Already tagged ({tags.size})</h3>
        {tags.size === 0 ? (
          <p className="text-sm text-slate-700">No products yet.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {[...tags].map(([id, info]) => (
              <li key={id}>{info.label}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
})
