/**
 * Tag health from the index: a tag whose product is out of stock on every unit, or whose store
 * is gone, is listed by video, with a replacement of the same brand in stock where one exists.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { brokenTags } from '../../../server/dashboard/index/tag-health.ts'
import type { ChannelList, Product, ProductList } from '../../../src/api/generated/types.gen.ts'
import { startIndexSandbox } from './index-sandbox.ts'

let env: Awaited<ReturnType<typeof startIndexSandbox>>
let opened: Awaited<ReturnType<typeof env.openIndex>>
let channel: string

beforeAll(async () => {
  env = await startIndexSandbox(80)
  opened = await env.openIndex()
  channel = (await env.call<ChannelList>('GET', '/channels')).channels[0]?.id as string
  await opened.index.runPass()
}, 60_000)

afterAll(async () => {
  await opened?.index.stop()
  await opened?.db.destroy()
  await env?.close()
})

it('lists a tag out of stock on every unit, by video, with an in-stock product of its brand', async () => {
  expect(await brokenTags(opened.db, channel)).toEqual([])
  const videos = await env.serviceVideos(channel)
  const tagged = videos.find((video) => (video.product_ids?.length ?? 0) > 0)
  const productId = tagged?.product_ids?.[0] as string
  const product = await env.call<Product>('GET', `/products/${productId}`)
  const sameStore = await env.call<ProductList>(
    'GET',
    `/products?business_store_id=${product.business_store_id}&page_size=100`,
  )
  const sibling = sameStore.products.find(
    (other) =>
      other.id !== product.id &&
      other.brand === product.brand &&
      other.units.some((unit) => unit.quantity !== 0),
  )
  expect(sibling).toBeDefined()
  await env.call('POST', '/products', {
    business_store_id: product.business_store_id,
    external_id: product.external_id,
    product_units: product.units.map((unit) => ({ external_id: unit.external_id, quantity: 0 })),
  })
  await opened.index.runPass()

  const broken = await brokenTags(opened.db, channel)
  const showing = videos.filter((video) => video.product_ids?.includes(productId))
  expect(
    broken
      .filter((tag) => tag.product_id === productId)
      .map((tag) => tag.video_id)
      .sort(),
  ).toEqual(showing.map((video) => video.id).sort())
  const first = broken.find((tag) => tag.product_id === productId)
  expect(first).toMatchObject({
    problem: 'out_of_stock',
    product: { id: productId, in_stock: false },
  })
  expect(first?.replacement).toMatchObject({ brand: product.brand, in_stock: true })
  expect(first?.replacement?.id).not.toBe(productId)
})

it('lists every tag of a store that is gone as gone', async () => {
  const videos = await env.serviceVideos(channel)
  const tagged = videos.find((video) => (video.product_ids?.length ?? 0) > 0)
  const product = await env.call<Product>('GET', `/products/${tagged?.product_ids?.[0]}`)
  await env.call('DELETE', `/business_stores/${product.business_store_id}`)
  await opened.index.runPass()
  const broken = await brokenTags(opened.db, channel, { videoId: tagged?.id as string })
  expect(broken).toContainEqual(
    expect.objectContaining({ product_id: product.id, problem: 'gone', replacement: null }),
  )
})
