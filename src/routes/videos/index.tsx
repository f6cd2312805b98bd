import { createFileRoute } from '@tanstack/react-router'
import { LibraryScreen } from '@/features/videos/library/library-screen'
import { librarySearchSchema } from '@/features/videos/library/library-search'
import { loadLibrary } from '@/features/videos/library/load-library'

export const Route = createFileRoute('/videos/')({
  // The first screen a marketer sees: its code comes with the app's first scripts, not one round
  // trip after them.
  codeSplitGroupings: [],
  validateSearch: librarySearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  // Searching or filtering on the screen: it keeps its results until the new ones arrive, so
  // nothing waits here (each keystroke would hold the screen back by a request).
  loader: ({ context, deps, cause }) =>
    loadLibrary(context.queryClient, deps.search, cause !== 'stay'),
  component: LibraryScreen,
})
