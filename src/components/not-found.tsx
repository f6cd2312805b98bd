import { Link } from '@tanstack/react-router'
import { linkClasses } from './ui/control-styles'

export function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-lg text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you asked for does not exist or was removed.</p>
      <Link to="/videos" className={`mt-4 inline-block ${linkClasses}`}>
        Go to the video library
      </Link>
    </div>
  )
}
