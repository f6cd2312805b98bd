import { Link } from '@tanstack/react-router'
import { linkClasses } from '@/components/ui/control-styles'
import type { SubmittedVideo } from './decision-storage'

// The last videos submitted from this browser, to reopen one and change its decisions.
export function RecentlySubmitted({ videos }: { videos: readonly SubmittedVideo[] }) {
  return (
    <section aria-labelledby="recently-submitted" className="space-y-2">
      <h2 id="recently-submitted" className="text-sm font-semibold">
        Recently submitted
      </h2>
      {videos.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing submitted from this browser yet.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {videos.map((video) => (
            <li key={video.videoId}>
              <Link to="/matches" search={{ video: video.videoId }} className={linkClasses}>
                {video.caption}
              </Link>
              <span className="block text-slate-700">
                {video.accepted} accepted, {video.rejected} rejected
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
