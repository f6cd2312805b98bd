import { createFileRoute } from '@tanstack/react-router'
import { resolveChannelId } from '@/api/queries/channels'
import { videoKeys } from '@/api/queries/videos'
import { UploadsScreen } from '@/features/uploads/uploads-screen'
import { uploadsSearchSchema } from '@/features/uploads/uploads-search'

export const Route = createFileRoute('/uploads')({
  validateSearch: uploadsSearchSchema,
  loaderDeps: ({ search }) => ({ channel: search.channel }),
  loader: async ({ context, deps }) => ({
    channelId: await resolveChannelId(context.queryClient, deps.channel),
  }),
  component: UploadsRoute,
})

function UploadsRoute() {
  const { channelId } = Route.useLoaderData()
  const { queryClient } = Route.useRouteContext()
  const { add } = Route.useSearch()
  const navigate = Route.useNavigate()
  // A created video is pending in the library at once: its lists are refetched.
  return (
    <UploadsScreen
      channelId={channelId}
      addFrom={add ?? 'files'}
      onAddFromChange={(way) =>
        navigate({
          search: (prev) => ({ ...prev, add: way === 'url' ? 'url' : undefined }),
          replace: true,
        })
      }
      onVideoCreated={() => queryClient.invalidateQueries({ queryKey: videoKeys.lists() })}
    />
  )
}
