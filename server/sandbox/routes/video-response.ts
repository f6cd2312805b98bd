import type { Context } from 'hono'
import type { Sandbox } from '../context.ts'
import { loadVideoRow, renderVideos } from '../rules/video-view.ts'

/** The full Video as it is now, which every write on a video answers with (section 2.1). */
export function videoResponse(c: Context, sandbox: Sandbox, videoId: number, status: 200 | 201) {
  const [video] = renderVideos(sandbox.db, [loadVideoRow(sandbox.db, videoId)], {
    fields: null,
    publicUrl: sandbox.publicUrl(),
    now: Date.now(),
  })
  return c.json(video, status)
}
