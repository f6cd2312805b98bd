import { createFileRoute } from '@tanstack/react-router'
import { videoQuery } from '@/api/queries/videos'
import { videoPageSearchSchema } from '@/features/videos/video-page/tagging/tagging-search'
import { VideoPage } from '@/features/videos/video-page/video-page'
import { VideoPageSkeleton } from '@/features/videos/video-page/video-page-skeleton'

export const Route = createFileRoute('/videos/$videoId')({
  validateSearch: videoPageSearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQuery(params.videoId)),
  component: VideoPage,
  pendingComponent: VideoPageSkeleton,
})
