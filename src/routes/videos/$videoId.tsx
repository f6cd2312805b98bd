import { createFileRoute } from '@tanstack/react-router'
import { videoQuery } from '../../features/videos/queries'

export const Route = createFileRoute('/videos/$videoId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQuery(params.videoId)),
})
