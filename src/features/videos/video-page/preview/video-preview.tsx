import { useQuery } from '@tanstack/react-query'
import type { Video } from '@/api/generated/types.gen'
import { subtitleListQuery, videoDownloadQuery } from '@/api/queries/videos'
import { linkClasses } from '@/components/ui/control-styles'
import { safeHttpUrl } from '@/lib/format'
import { languageName } from '../subtitles/languages'
import { useTrackSources } from '../subtitles/use-track-sources'

// A playable preview where the service gives a file to play, otherwise the thumbnail; the watch
// page link either way.
export function VideoPreview({ video, title }: { video: Video; title: string }) {
  const ready = video.duration !== null
  const download = useQuery({ ...videoDownloadQuery(video.id), enabled: ready })
  const source = safeHttpUrl(download.data?.download_url)
  const poster = safeHttpUrl(video.thumbnail_url)
  const watch = safeHttpUrl(video.watch_url)
  const frame = 'aspect-[9/16] w-full max-w-xs rounded-lg bg-slate-900 object-cover'
  const subtitles = useQuery(subtitleListQuery(video.id))
  const tracks = useTrackSources(video.id, subtitles.data ?? [])

  return (
    <figure className="space-y-2">
      {source ? (
        // biome-ignore lint/a11y/useMediaCaption: the video's own tracks, whatever they are, are offered; a video may have none.
        <video
          controls
          preload="metadata"
          poster={poster ?? undefined}
          src={source}
          className={frame}
          aria-label={`Preview of ${title}`}
        >
          {tracks.map((track) => (
            <track
              key={track.id}
              kind={track.isCc ? 'captions' : 'subtitles'}
              srcLang={track.language}
              label={`${languageName(track.language)}${track.isCc ? ' (CC)' : ''}`}
              src={track.src}
            />
          ))}
        </video>
      ) : poster ? (
        <img src={poster} alt={`Thumbnail of ${title}`} className={frame} />
      ) : (
        <div
          className={`${frame} flex items-center justify-center p-4 text-center text-sm text-white`}
        >
          No thumbnail yet
        </div>
      )}
      <figcaption className="text-sm text-slate-700">
        {!source && ready && download.isError ? <>Playback is not available here. </> : null}
        {!ready ? <>The video is not ready for playback yet. </> : null}
        {watch ? (
          <a href={watch} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            Open the watch page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span>Watch page: {video.watch_url}</span>
        )}
      </figcaption>
    </figure>
  )
}
