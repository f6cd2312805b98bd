/**
 * The demo truth is for tests and benchmarks only (issue 36): no answer of the sandbox carries
 * it, and no code of the dashboard or of the sandbox's routes reads it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatchList } from '@/api/generated/types.gen.ts'
import { contractDocument } from '../../../server/sandbox/http/contract.ts'
import { type FetchingSandbox, startFetchingSandbox } from './fetching-sandbox.ts'

const root = join(import.meta.dirname, '../../..')

let sandbox: FetchingSandbox
beforeAll(async () => {
  sandbox = await startFetchingSandbox({ seedVideos: 40 })
})
afterAll(() => sandbox.close())

type Schema = { required?: string[]; properties?: Record<string, unknown> }
const schema = (name: string) =>
  (contractDocument as { components: { schemas: Record<string, Schema> } }).components.schemas[
    name
  ] as Schema

it("answers a seeded video's match list with exactly the contract's fields", async () => {
  const pending = (
    await sandbox.api(
      'GET',
      `/videos?channel_id=${sandbox.channelId}&has_pending_matches=true&page_size=5`,
    )
  ).json.videos as Array<{ id: string }>
  expect(pending.length).toBeGreaterThan(0)
  const listKeys = Object.keys(schema('ProductMatchList').properties ?? {}).sort()
  const matchKeys = Object.keys(schema('ProductMatch').properties ?? {}).sort()
  const productKeys = Object.keys(schema('Product').properties ?? {})
  for (const video of pending) {
    const list = (await sandbox.api('GET', `/videos/${video.id}/product_matches`))
      .json as unknown as ProductMatchList
    expect(Object.keys(list).sort()).toEqual(listKeys)
    expect(list.matches.length).toBeGreaterThan(0)
    for (const match of list.matches) {
      expect(Object.keys(match).sort()).toEqual(matchKeys)
      for (const key of Object.keys(match.product)) expect(productKeys).toContain(key)
    }
  }
})

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|sql)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

it('is read only where the seed writes it and the demo matcher scores from it', () => {
  const mentions = [...sources('server'), ...sources('src')].filter((file) => {
    const text = readFileSync(join(root, file), 'utf8')
    return text.includes('demo_truth') || /from '[^']*seed\/truth(\.ts)?'/.test(text)
  })
  expect(mentions.sort()).toEqual([
    'server/sandbox/db/schema.sql',
    'server/sandbox/matching/truth-matches.ts',
    'server/sandbox/seed/demo-truth.ts',
    'server/sandbox/seed/truth.ts',
  ])
})
