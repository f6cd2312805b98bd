import { Link } from '@tanstack/react-router'
import { linkClasses } from '@/components/ui/control-styles'

/** A video named by its caption (its id when it has none), opening its page. */
export function VideoLink({ id, caption }: { id: string; caption: string | null }) {
  return (
    <Link to="/videos/$videoId" params={{ videoId: id }} className={linkClasses}>
      {caption?.trim() || `Untitled video ${id}`}
    </Link>
  )
}
