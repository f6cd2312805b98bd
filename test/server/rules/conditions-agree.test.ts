/**
 * A rule's conditions are answered two ways (decision 0024): in JavaScript on one video, for the
 * trace, and in SQL over the index, for counting and listing a channel's matches. Random trees
 * (fixed seeds) over a seeded index must pick exactly the same videos both ways, on SQLite (its
 * main connection and the index's read threads) and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { openIndexReads } from '../../../server/dashboard/index/read-worker.ts'
import { conditionsHold } from '../../../server/dashboard/rules/evaluate.ts'
import { countAndFirst, matchingIds } from '../../../server/dashboard/rules/matching-videos.ts'
import { type RuleVideo, readRuleVideos } from '../../../server/dashboard/rules/rule-facts.ts'
import { bothDatabases } from '../support/both-databases.ts'
import { randomTree } from './random-conditions.ts'
import { channel, now, pendingSuggestions, seeded, seedIndex } from './seeded-index.ts'

const trees = 250

describe.each(bothDatabases)('on $name', (database) => {
  let stop: () => Promise<void>
  let db: DashboardDb
  let videos: RuleVideo[]
  let readThreads: ReturnType<typeof openIndexReads>

  beforeAll(async () => {
    const started = await database.start()
    stop = started.stop
    db = await openDashboardDb({ ...started.location, areas: areaMigrations })
    const ids = await seedIndex(db, 37)
    videos = [...(await readRuleVideos(db, pendingSuggestions, ids)).values()].filter(
      (video) => video.channel_id === channel,
    )
    readThreads = openIndexReads(started.location, db)
  }, 120_000)
  afterAll(async () => {
    await readThreads?.close()
    await db?.destroy()
    await stop?.()
  })

  const postgres = database.name === 'PostgreSQL'
  const inJavaScript = (tree: Parameters<typeof conditionsHold>[0]) =>
    videos
      .filter((video) => conditionsHold(tree, video, now))
      .map((video) => video.id)
      .sort()

  it('picks the same videos in SQL as in JavaScript, for every random tree', async () => {
    const random = seeded(2025)
    const differ: string[] = []
    let matchedSome = 0
    for (let n = 0; n < trees; n++) {
      const tree = randomTree(random)
      const source = { reads: db, postgres, pendingSuggestions }
      const sql = (await matchingIds(source, channel, tree, now)).sort()
      const js = inJavaScript(tree)
      if (js.length > 0 && js.length < videos.length) matchedSome++
      // A preview's count and first page come from one query with a window count.
      if (n % 10 === 0) {
        const first = await countAndFirst(source, channel, tree, 5, now)
        if (first.matches !== js.length || first.videos.some((video) => !js.includes(video.id)))
          differ.push(`${JSON.stringify(tree)}\n  previewed ${first.matches}, not ${js.length}`)
      }
      if (JSON.stringify(sql) !== JSON.stringify(js))
        differ.push(
          `${JSON.stringify(tree)}\n  only SQL: ${sql.filter((id) => !js.includes(id))}\n  only JS: ${js.filter((id) => !sql.includes(id))}`,
        )
    }
    expect(differ).toEqual([])
    // The trees tell videos apart, rather than matching all or none.
    expect(matchedSome).toBeGreaterThan(trees / 3)
  }, 120_000)

  it('answers alike from the read threads, where REGEXP is registered too', async () => {
    const random = seeded(99)
    for (let n = 0; n < 40; n++) {
      const tree = randomTree(random)
      const fromThreads = await matchingIds(
        { reads: readThreads.db, postgres, pendingSuggestions },
        channel,
        tree,
        now,
      )
      expect(fromThreads.sort()).toEqual(inJavaScript(tree))
    }
  }, 60_000)
})
