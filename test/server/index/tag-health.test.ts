/**
 * Tag health from the index: a tag whose product is out of stock on every unit, or whose store
 * is gone, is listed by video, with a replacement of the same brand in stock where one exists.
 */
import { expect, it } from 'vitest'
import { brokenTags } from '../../../server/dashboard/index/tag-health.ts'
import type { Product, ProductList } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(80)

it('lists a tag out of stock on every unit, by video, with an in-stock product of its brand', async () => {
  expect(await brokenTags(running.opened.db, running.channel)).toEqual([])
  const videos = await running.env.serviceVideos(running.channel)
  const tagged = videos.find((video) => (video.product_ids?.length ?? 0) > 0)
  const productId = tagged?.product_ids?.[0] as string
  const product = await running.env.call<Product>('GET', `/products/${productId}`)
  const sameStore = await running.env.call<ProductList>(
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
  await running.env.call('POST', '/products', {
    business_store_id: product.business_store_id,
    external_id: product.external_id,
    product_units: product.units.map((unit) => ({ external_id: unit.external_id, quantity: 0 })),
  })
  await running.opened.index.runPass()

  const broken = await brokenTags(running.opened.db, running.channel)
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
  const videos = await running.env.serviceVideos(running.channel)
  const tagged = videos.find((video) => (video.product_ids?.length ?? 0) > 0)
  const product = await running.env.call<Product>('GET', `/products/${tagged?.product_ids?.[0]}`)
  await running.env.call('DELETE', `/business_stores/${product.business_store_id}`)
  await running.opened.index.runPass()
  const broken = await brokenTags(running.opened.db, running.channel, {
    videoId: tagged?.id as string,
  })
  expect(broken).toContainEqual(
    expect.objectContaining({ product_id: product.id, problem: 'gone', replacement: null }),
  )
})
