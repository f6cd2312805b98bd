import { createFileRoute } from '@tanstack/react-router'
import { videoQuery } from '@/api/queries/videos'
import { videoPageSearchSchema } from '@/features/videos/video-page/tagging/tagging-search'
import { VideoPage } from '@/features/videos/video-page/video-page'
import { VideoPageSkeleton } from '@/features/videos/video-page/video-page-skeleton'

export const Route = createFileRoute('/videos/$videoId')({
  // The skeleton comes with the page's code: shown only when the video is slow to load, it need
  // not weigh on every first screen.
  codeSplitGroupings: [
    ['component', 'pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  validateSearch: videoPageSearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQuery(params.videoId)),
  component: VideoPage,
  pendingComponent: VideoPageSkeleton,
})
