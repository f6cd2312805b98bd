import { safeHttpUrl } from '@/lib/format'

// A video's thumbnail at the size list rows use (portrait, like the videos); a grey block when it
// has none yet. Decorative: the row names the video.
export function VideoThumbnail({
  url,
  load = true,
}: {
  url: string | null | undefined
  /** False: its place is kept, grey (results shown while a search is typed). */
  load?: boolean
}) {
  const src = load ? safeHttpUrl(url) : null
  return src ? (
    <img
      src={src}
      alt=""
      width={27}
      height={48}
      loading="lazy"
      className="h-12 w-[27px] shrink-0 rounded object-cover"
    />
  ) : (
    <span aria-hidden="true" className="h-12 w-[27px] shrink-0 rounded bg-slate-300" />
  )
}
