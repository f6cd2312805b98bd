/**
 * What the access-control tests act on: the main business's channel, store, an approved video and
 * a playlist holding it, and a video of the solo business; and how a test sends one call to them.
 */
import { beforeAll, expect } from 'vitest'
import { approvedVideoIds, createVideo } from './fixtures.ts'
import { type ApiResponse, type Harness, uniq } from './harness.ts'

export interface AccessTargets {
  mainBusiness: string
  mainChannel: string
  mainVideo: string
  mainStore: string
  mainPlaylist: string
  /** Empty unless asked for (`soloVideo: true`). */
  soloVideo: string
}

/** Registers a beforeAll that finds or makes the targets; read them inside tests. */
export function setUpAccessTargets(h: Harness, options: { soloVideo?: boolean } = {}) {
  const targets: AccessTargets = {
    mainBusiness: '',
    mainChannel: '',
    mainVideo: '',
    mainStore: '',
    mainPlaylist: '',
    soloVideo: '',
  }
  beforeAll(async () => {
    const world = await h.world()
    targets.mainBusiness = world.main.businessId
    targets.mainChannel = world.main.channels[0]?.id ?? ''
    targets.mainStore = world.main.stores[0]?.id ?? ''
    targets.mainVideo = (await approvedVideoIds(h, targets.mainChannel, 1))[0] ?? ''
    if (options.soloVideo) {
      const solo = await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })
      targets.soloVideo = solo.id
    }
    const playlist = await h.api('POST', '/api/v1/playlists', {
      json: {
        channel_id: targets.mainChannel,
        name: 'access control',
        video_ids: [targets.mainVideo],
      },
    })
    expect(playlist.status).toBe(201)
    targets.mainPlaylist = playlist.json.id
    h.cleanup(`/api/v1/playlists/${targets.mainPlaylist}`)
  })
  return targets
}

/** One call, built when the test runs (the targets exist only then). */
export type Call = {
  method: string
  path: () => string
  json?: () => unknown
  query?: () => object
}

export function send(harness: Harness, call: Call, token: string): Promise<ApiResponse> {
  return harness.api(call.method, call.path(), {
    token,
    json: call.json?.(),
    query: call.query?.() as Record<string, string>,
  })
}
