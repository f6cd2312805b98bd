import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '../api/queries/channels'
import { UploadsScreen } from '../features/uploads/uploads-screen'
import { videoKeys } from '../features/videos/queries'

export const Route = createFileRoute('/uploads')({
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: async ({ context, deps }) => ({
    channelId: await resolveChannelId(context.queryClient, deps.channel),
  }),
  component: UploadsRoute,
})

function UploadsRoute() {
  const { channelId } = Route.useLoaderData()
  const { queryClient } = Route.useRouteContext()
  // A created video is pending in the library at once: its lists are refetched.
  return (
    <UploadsScreen
      channelId={channelId}
      onVideoCreated={() => queryClient.invalidateQueries({ queryKey: videoKeys.lists() })}
    />
  )
}
