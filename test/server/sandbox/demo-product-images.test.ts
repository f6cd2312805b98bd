/**
 * The demo catalog shows pictures: every seeded product of every store has one to three images,
 * each a PNG the sandbox serves at the address the product gives, and no two alike, so the
 * review queue, the pickers and the catalog can tell products apart at a glance.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BusinessStoreList, Product, ProductList } from '@/api/generated/types.gen.ts'
import { type RunningSandbox, startSandbox } from '../../../server/sandbox/start.ts'

let dir: string
let sandbox: RunningSandbox

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'product-images-'))
  sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'sandbox.db'),
    dataDir: dir,
    seed: 'demo',
    seedVideos: 20,
    seedProducts: 100,
    log: () => {},
  })
})

afterAll(async () => {
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

async function tokenOf(client: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client}:${client}-secret`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  })
  return ((await res.json()) as { access_token: string }).access_token
}

async function read<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${sandbox.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** Every product of every store the client's business has, following each list to its end. */
async function catalogOf(client: string): Promise<Product[]> {
  const token = await tokenOf(client)
  const { stores } = await read<BusinessStoreList>(token, '/api/v1/business_stores')
  const products: Product[] = []
  for (const store of stores) {
    let next: string | null = `/api/v1/products?business_store_id=${store.id}&page_size=100`
    while (next) {
      const page: ProductList = await read<ProductList>(token, next)
      products.push(...page.products)
      next = page.links.next
    }
  }
  return products
}

it('gives every seeded product one to three distinct pictures that load', async () => {
  const products = [...(await catalogOf('demo')), ...(await catalogOf('solo'))]
  // The seed's three catalogs (main, EU and solo) at their smallest: 48 + 20 + 12 products.
  expect(products.length).toBeGreaterThanOrEqual(80)
  const seen = new Map<string, string>()
  for (const product of products) {
    expect(product.images.length, product.name ?? product.id).toBeGreaterThanOrEqual(1)
    expect(product.images.length, product.name ?? product.id).toBeLessThanOrEqual(3)
    for (const image of product.images) {
      const res = await fetch(image.url)
      expect(res.status, image.url).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
      const digest = createHash('sha256').update(bytes).digest('hex')
      expect(seen.get(digest), `${image.url} looks like another picture`).toBeUndefined()
      seen.set(digest, image.url)
    }
  }
  expect(new Set(products.flatMap((product) => product.images.map((i) => i.url))).size).toBe(
    seen.size,
  )
})

it('draws only demo pictures: another address under the same path is not found', async () => {
  for (const path of ['/cdn/demo/products/x-4.png', '/cdn/demo/products/..%2Fsecret-1.png']) {
    expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(404)
  }
})

it('answers a picture asked again with the same bytes, and HEAD with its size alone', async () => {
  const [product] = await catalogOf('solo')
  const url = product?.images[0]?.url ?? ''
  const first = Buffer.from(await (await fetch(url)).arrayBuffer())
  const again = await fetch(url)
  expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true)
  const head = await fetch(url, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(String(first.length))
  expect((await head.arrayBuffer()).byteLength).toBe(0)
})
