import { describe, expect, it, vi } from 'vitest'
import { applyChange } from '@/features/playlists/editor/playlist-changes'
import {
  createPlaylistWriter,
  type PlaylistService,
  type StoredPlaylist,
} from '@/features/playlists/editor/playlist-writer'

// The service as a playlist in memory, with every request recorded and each answer released by
// the test when it says so (to have requests in flight while the marketer goes on).
function fakeService(initial: string[]) {
  let playlist: StoredPlaylist = { video_ids: initial, pinned_video_ids: [], updated_at: 't0' }
  let writes = 0
  const requests: string[] = []
  const held: Array<() => void> = []
  let holding = false
  let failNext: Error | null = null
  const answer = <T>(request: string, work: () => T): Promise<T> => {
    requests.push(request)
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        if (failNext && request !== 'GET') {
          const error = failNext
          failNext = null
          return reject(error)
        }
        resolve(work())
      }
      if (holding && request !== 'GET') held.push(run)
      else queueMicrotask(run)
    })
  }
  const write = (order: string[], pinned = playlist.pinned_video_ids ?? []) => {
    writes += 1
    playlist = { video_ids: order, pinned_video_ids: pinned, updated_at: `t${writes}` }
    return playlist
  }
  const service: PlaylistService = {
    read: () => answer('GET', () => playlist),
    reorder: (order) => answer(`PUT ${order.join(',')}`, () => write([...order])),
    add: (id, position) =>
      answer(`POST ${id}@${position ?? 'end'}`, () =>
        write([
          ...applyChange(
            { order: playlist.video_ids, pinned: new Set() },
            { kind: 'add', videoIds: [id], position },
          ).order,
        ]),
      ),
    remove: (id) =>
      answer(`DELETE ${id}`, () => write(playlist.video_ids.filter((other) => other !== id))),
    pin: (id, pinned) =>
      answer(`${pinned ? 'PIN' : 'UNPIN'} ${id}`, () =>
        write(playlist.video_ids, pinned ? [id] : []),
      ),
  }
  return {
    service,
    requests,
    stored: () => playlist,
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const run of held.splice(0)) run()
    },
    failNextWith: (error: Error) => {
      failNext = error
    },
    changeElsewhere: (order: string[]) => write(order),
  }
}

const settled = (writer: ReturnType<typeof createPlaylistWriter>) =>
  vi.waitFor(() => expect(writer.getSnapshot().unsaved).toBe(0))

describe('the playlist writer', () => {
  it('shows a new order at once and saves it, checking first that nobody changed the playlist', async () => {
    const fake = fakeService(['a', 'b', 'c'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    writer.apply({ kind: 'reorder', order: ['c', 'a', 'b'] })
    expect(writer.getSnapshot().shown.order).toEqual(['c', 'a', 'b'])
    expect(writer.getSnapshot().unsaved).toBe(1)
    await settled(writer)
    expect(fake.requests).toEqual(['GET', 'PUT c,a,b'])
    expect(fake.stored().video_ids).toEqual(['c', 'a', 'b'])
  })

  it('keeps the order it shows when the save answers that order, so the list is not drawn again', async () => {
    const fake = fakeService(['a', 'b', 'c'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    writer.apply({ kind: 'reorder', order: ['b', 'c', 'a'] })
    const shown = writer.getSnapshot().shown
    await settled(writer)
    expect(writer.getSnapshot().shown).toBe(shown)
    fake.changeElsewhere(['a', 'c', 'b'])
    writer.adopt(fake.stored())
    expect(writer.getSnapshot().shown.order).toEqual(['a', 'c', 'b'])
  })

  it('sends only the newest of rapid moves after the one in flight, never an older one after it', async () => {
    const fake = fakeService(['a', 'b', 'c', 'd'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    fake.hold()
    writer.apply({ kind: 'reorder', order: ['b', 'a', 'c', 'd'] })
    await vi.waitFor(() => expect(fake.requests).toContain('PUT b,a,c,d'))
    writer.apply({ kind: 'reorder', order: ['b', 'c', 'a', 'd'] })
    writer.apply({ kind: 'reorder', order: ['b', 'c', 'd', 'a'] })
    writer.apply({ kind: 'reorder', order: ['d', 'b', 'c', 'a'] })
    expect(writer.getSnapshot().shown.order).toEqual(['d', 'b', 'c', 'a'])
    fake.release()
    await vi.waitFor(() => expect(fake.requests).toContain('PUT d,b,c,a'))
    fake.release()
    await settled(writer)
    expect(fake.requests.filter((request) => request.startsWith('PUT'))).toEqual([
      'PUT b,a,c,d',
      'PUT d,b,c,a',
    ])
    expect(fake.stored().video_ids).toEqual(['d', 'b', 'c', 'a'])
  })

  it('adds a few videos one POST each at their positions, and many as one new order', async () => {
    const fake = fakeService(['a', 'b'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    writer.apply({ kind: 'add', videoIds: ['x', 'y'], position: 1 })
    expect(writer.getSnapshot().shown.order).toEqual(['a', 'x', 'y', 'b'])
    await settled(writer)
    expect(fake.requests).toEqual(['POST x@1', 'POST y@2'])

    const many = Array.from({ length: 25 }, (_, n) => `v${n}`)
    writer.apply({ kind: 'add', videoIds: many, position: null })
    await settled(writer)
    expect(fake.stored().video_ids).toEqual(['a', 'x', 'y', 'b', ...many])
    expect(fake.requests.at(-1)).toBe(`PUT ${['a', 'x', 'y', 'b', ...many].join(',')}`)
  })

  it('removes videos without disturbing the order of the others', async () => {
    const fake = fakeService(['a', 'b', 'c', 'd', 'e'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    writer.apply({ kind: 'reorder', order: ['e', 'd', 'c', 'b', 'a'] })
    writer.apply({ kind: 'remove', videoIds: ['c'] })
    expect(writer.getSnapshot().shown.order).toEqual(['e', 'd', 'b', 'a'])
    await settled(writer)
    expect(fake.stored().video_ids).toEqual(['e', 'd', 'b', 'a'])
  })

  it('goes back to the service’s order when a save is refused, and says so once', async () => {
    const fake = fakeService(['a', 'b', 'c'])
    const onFailed = vi.fn()
    const writer = createPlaylistWriter(fake.stored(), fake.service, { onFailed })
    fake.failNextWith(new Error('The service is unavailable'))
    writer.apply({ kind: 'reorder', order: ['c', 'b', 'a'] })
    writer.apply({ kind: 'remove', videoIds: ['b'] })
    await settled(writer)
    expect(writer.getSnapshot().shown.order).toEqual(['a', 'b', 'c'])
    expect(onFailed).toHaveBeenCalledExactlyOnceWith(new Error('The service is unavailable'))
    expect(fake.requests).not.toContain('DELETE b')
  })

  it('asks before overwriting a playlist changed elsewhere: overwrite keeps ours, reload takes theirs', async () => {
    const fake = fakeService(['a', 'b', 'c'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    fake.changeElsewhere(['a', 'b', 'c', 'z'])
    writer.apply({ kind: 'reorder', order: ['b', 'a', 'c'] })
    await vi.waitFor(() => expect(writer.getSnapshot().conflict).toEqual({ changedAt: 't1' }))
    expect(fake.requests).toEqual(['GET'])
    writer.resolveConflict('overwrite')
    await settled(writer)
    expect(fake.stored().video_ids).toEqual(['b', 'a', 'c'])

    fake.changeElsewhere(['c', 'a'])
    writer.apply({ kind: 'reorder', order: ['a', 'c', 'b'] })
    await vi.waitFor(() => expect(writer.getSnapshot().conflict).not.toBeNull())
    writer.resolveConflict('reload')
    await settled(writer)
    expect(writer.getSnapshot().shown.order).toEqual(['c', 'a'])
    expect(fake.stored().video_ids).toEqual(['c', 'a'])
  })

  it('checks a move against the read begun as the drag was let go, and still sees a change made elsewhere', async () => {
    const fake = fakeService(['a', 'b', 'c'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    writer.readAhead()
    writer.apply({ kind: 'reorder', order: ['b', 'a', 'c'] })
    await settled(writer)
    expect(fake.requests).toEqual(['GET', 'PUT b,a,c'])

    fake.changeElsewhere(['c', 'b'])
    writer.readAhead()
    writer.apply({ kind: 'reorder', order: ['a', 'b', 'c'] })
    await vi.waitFor(() => expect(writer.getSnapshot().conflict).not.toBeNull())
    expect(fake.requests).toEqual(['GET', 'PUT b,a,c', 'GET'])
  })

  it('reads again for a move when the read begun ahead is stale: a second ago, or before a save of ours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const fake = fakeService(['a', 'b', 'c'])
      const writer = createPlaylistWriter(fake.stored(), fake.service)
      writer.readAhead()
      vi.setSystemTime(Date.now() + 1_001)
      writer.apply({ kind: 'reorder', order: ['b', 'a', 'c'] })
      await settled(writer)
      expect(fake.requests).toEqual(['GET', 'GET', 'PUT b,a,c'])

      writer.readAhead()
      writer.apply({ kind: 'remove', videoIds: ['c'] })
      await settled(writer)
      writer.apply({ kind: 'reorder', order: ['a', 'b'] })
      await settled(writer)
      // Without reading again, our own removal would pass for a change made elsewhere.
      expect(writer.getSnapshot().conflict).toBeNull()
      expect(fake.requests.slice(3)).toEqual(['GET', 'DELETE c', 'GET', 'PUT a,b'])
      expect(fake.stored().video_ids).toEqual(['a', 'b'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes a record read elsewhere only when nothing waits to be saved', async () => {
    const fake = fakeService(['a', 'b'])
    const writer = createPlaylistWriter(fake.stored(), fake.service)
    fake.hold()
    writer.apply({ kind: 'remove', videoIds: ['a'] })
    writer.adopt({ video_ids: ['q'], pinned_video_ids: [], updated_at: 'elsewhere' })
    expect(writer.getSnapshot().shown.order).toEqual(['b'])
    fake.release()
    await settled(writer)
    writer.adopt({ video_ids: ['q', 'b'], pinned_video_ids: [], updated_at: 'elsewhere' })
    expect(writer.getSnapshot().shown.order).toEqual(['q', 'b'])
  })
})
