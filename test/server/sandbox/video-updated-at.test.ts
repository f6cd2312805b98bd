/**
 * The sandbox records when each video last changed (`updated_at`, which the Video object does
 * not show). Every change goes through touchVideo(), so posters added, reweighted and deleted
 * and matches accepted move it on just as an update or a publish does, and a read leaves it be.
 * Checked over HTTP against a sandbox on a database file this test reads beside it.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../server/sandbox/start.ts'
import { type MediaHost, startMediaHost } from '../../support/conformance/media-host.ts'

let dir: string
let sandbox: RunningSandbox
let media: MediaHost
let reader: Database.Database
let token: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'updated-at-'))
  const file = join(dir, 'sandbox.db')
  sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: file,
    dataDir: dir,
    seed: 'demo',
    seedVideos: 60,
    timeScale: 1000,
    log: () => {},
  })
  media = await startMediaHost()
  reader = new Database(file, { readonly: true, fileMustExist: true })
  const res = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  })
  token = ((await res.json()) as { access_token: string }).access_token
})

afterAll(async () => {
  reader?.close()
  await media?.close()
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

async function call(method: string, path: string, json?: unknown): Promise<number> {
  const res = await fetch(`${sandbox.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  await res.arrayBuffer()
  return res.status
}

const updatedAt = (videoId: string) =>
  (
    reader.prepare('SELECT updated_at FROM videos WHERE public_id = ?').get(videoId) as {
      updated_at: number
    }
  ).updated_at

/** A demo video of the demo client's business, chosen by a query over the seeded data. */
function demoRow<T>(sql: string): T {
  const row = reader.prepare(sql).get() as T | undefined
  if (!row) throw new Error(`the demo seed has no row for: ${sql}`)
  return row
}
const demoBusiness = `(SELECT business_id FROM oauth_clients WHERE client_id = 'demo')`

describe('updated_at', () => {
  it('moves on with every update and state change', async () => {
    const video = demoRow<{ id: string }>(
      `SELECT public_id AS id FROM videos
       WHERE business_id = ${demoBusiness} AND deleted_at IS NULL AND status = 'approved' LIMIT 1`,
    )
    const path = `/videos/${video.id}`
    const changes: Array<[string, () => Promise<number>]> = [
      ['an update', () => call('PATCH', path, { caption: 'Renamed for updated_at' })],
      ['a tag change', () => call('PATCH', path, { product_ids: [] })],
      ['publishing', () => call('POST', `${path}/publish`)],
      [
        'scheduling',
        () => call('POST', `${path}/publish`, { published_at: new Date(Date.now() + 86_400_000) }),
      ],
      ['unpublishing', () => call('POST', `${path}/unpublish`)],
      ['archiving', () => call('POST', `${path}/archive`)],
      ['unarchiving', () => call('POST', `${path}/unarchive`)],
    ]
    for (const [what, change] of changes) {
      const before = updatedAt(video.id)
      expect(await change(), what).toBe(200)
      expect(updatedAt(video.id), what).toBeGreaterThan(before)
    }
  })

  it('moves on with every poster change, and not with a read', async () => {
    const video = demoRow<{ id: string }>(
      `SELECT v.public_id AS id FROM videos v JOIN video_posters p ON p.video_id = v.id
       WHERE v.business_id = ${demoBusiness} AND v.deleted_at IS NULL
       GROUP BY v.id HAVING count(*) >= 2 LIMIT 1`,
    )
    const posters = () =>
      reader
        .prepare(
          'SELECT public_id AS id FROM video_posters WHERE video_id = (SELECT id FROM videos WHERE public_id = ?) ORDER BY id',
        )
        .all(video.id) as Array<{ id: string }>
    const [first, second] = posters() as [{ id: string }, { id: string }]
    const poster = readFileSync(
      new URL('../../../server/sandbox/seed/media/poster-square.jpg', import.meta.url),
    )
    const posterUrl = media.serve('/updated-at/poster.jpg', {
      body: poster,
      contentType: 'image/jpeg',
    })
    const base = `/videos/${video.id}/posters`
    const changes: Array<[string, () => Promise<number>, number]> = [
      ['adding a poster', () => call('POST', base, { url: posterUrl }), 201],
      ['reweighting one', () => call('PATCH', `${base}/${first.id}`, { weight: 0.3 }), 200],
      [
        'reweighting a batch',
        () =>
          call('PATCH', base, {
            posters: [
              { id: first.id, weight: 0.9 },
              { id: second.id, weight: 0.1 },
            ],
          }),
        200,
      ],
      ['deleting one', () => call('DELETE', `${base}/${second.id}`), 204],
    ]
    for (const [what, change, status] of changes) {
      const before = updatedAt(video.id)
      expect(await call('GET', `/videos/${video.id}`), 'a read').toBe(200)
      expect(updatedAt(video.id), `a read before ${what}`).toBe(before)
      expect(await change(), what).toBe(status)
      expect(updatedAt(video.id), what).toBeGreaterThan(before)
    }
  })

  it('moves on when matches are accepted', async () => {
    const pending = demoRow<{ video: string; product: string }>(
      `SELECT v.public_id AS video, p.public_id AS product FROM product_matches m
       JOIN videos v ON v.id = m.video_id JOIN products p ON p.id = m.product_id
       WHERE m.status = 'pending' AND v.business_id = ${demoBusiness} LIMIT 1`,
    )
    const before = updatedAt(pending.video)
    const status = await call('POST', `/videos/${pending.video}/product_matches/accept`, {
      product_ids: [pending.product],
    })
    expect(status).toBe(200)
    expect(updatedAt(pending.video)).toBeGreaterThan(before)
  })
})
