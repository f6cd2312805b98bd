import { createRoute } from '@tanstack/react-router'
import { videoQuery } from '@/api/queries/videos'
import { VideoPage } from '@/features/videos/video-page/video-page'
import { renderRoutes } from '../../support/memory-router'

// Just the two routes the page moves between, on a memory history.
export function renderVideoPage(url: string) {
  return renderRoutes(url, (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/videos',
      component: () => <h1>Video library</h1>,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/videos/$videoId',
      loader: ({ context, params }) =>
        context.queryClient.ensureQueryData(videoQuery(params.videoId)),
      component: VideoPage,
    }),
  ])
}
