import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '@/features/home/home-screen'
import { loadHome } from '@/features/home/load-home'

export const Route = createFileRoute('/')({
  // The loader comes with the screen, in one chunk loaded on the way here: nothing of the home
  // page (its queries, schemas or charts) is in the scripts every first screen loads.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: ({ context, deps }) => loadHome(context.queryClient, deps.channel),
  component: HomeScreen,
})
