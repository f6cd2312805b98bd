import type { Video } from '../../../../src/api/generated/types.gen'
import { fakeApi, json, type Routes, refuse } from '../../support/fake-api'
import { makeProduct } from '../../support/fixtures'

// What the whole page reads: the video, its products (one unknown), and a download record the
// plan does not include (402), plus any routes the test adds.
export function pageApi(video: Video, routes: Routes = {}) {
  return fakeApi({
    [`GET /api/v1/videos/${video.id}`]: () => json(video),
    'GET /api/v1/products/pr_Aurora1': () => json(makeProduct()),
    [`GET /api/v1/videos/${video.id}/download`]: () =>
      refuse(402, 'The subscription does not include content_download'),
    ...routes,
  })
}
