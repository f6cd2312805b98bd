import { safeHttpUrl } from '@/lib/format'

// A video's thumbnail at the size list rows use (portrait, like the videos); a grey block when it
// has none yet. Decorative: the row names the video.
export function VideoThumbnail({ url }: { url: string | null | undefined }) {
  const src = safeHttpUrl(url)
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
