import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { allScopes } from '../auth/scopes.ts'
import type { Sandbox } from '../context.ts'
import { seededIds } from '../ids.ts'
import { probeMp4File } from '../media/probe-mp4.ts'
import { imageSize } from '../media/thumbnail.ts'
import { refreshSearchText } from '../rules/product-upsert.ts'
import { aspectRatio } from '../rules/remote-images.ts'
import { buildCatalog } from './catalog.ts'
import { demoClient } from './demo-client.ts'
import { seedProductImages } from './product-images.ts'
import { createRandom } from './random.ts'
import type { SeedClip, SeedPoster } from './seed-plan.ts'
import { seedVideos } from './videos.ts'

const mediaDir = new URL('./media/', import.meta.url)
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

// The fixed part of the sandbox's interface: two businesses and their clients exist whatever
// SANDBOX_SEED says; `demo` adds the catalog, the library, playlists and matches.
export async function seedSandbox(sandbox: Sandbox) {
  const { db } = sandbox
  if (db.prepare('SELECT 1 FROM businesses LIMIT 1').get()) return
  const ids = seededIds(20261121)
  const random = createRandom(7)
  const clientScopes = allScopes.filter((scope) => scope !== 'api:admin').join(' ')

  const business = (name: string, country: string, download: boolean, quota: number) =>
    Number(
      db
        .prepare(
          'INSERT INTO businesses (public_id, name, country, content_download, matching_quota) VALUES (?, ?, ?, ?, ?)',
        )
        .run(ids(), name, country, download ? 1 : 0, quota).lastInsertRowid,
    )
  const client = (id: string, secret: string, businessId: number, scopes: string) =>
    db
      .prepare(
        'INSERT INTO oauth_clients (client_id, secret_sha256, business_id, scopes) VALUES (?, ?, ?, ?)',
      )
      .run(id, sha256(secret), businessId, scopes)
  const channel = (
    businessId: number,
    name: string,
    username: string,
    locale: string,
    country: string,
    bio: string,
  ) =>
    Number(
      db
        .prepare(
          'INSERT INTO channels (public_id, business_id, name, username, locale, country, bio) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(ids(), businessId, name, username, locale, country, bio).lastInsertRowid,
    )
  const store = (businessId: number, name: string, currency: string, uid: string, url: string) =>
    Number(
      db
        .prepare(
          `INSERT INTO stores (public_id, business_id, name, url, currency, provider, store_type, uid) VALUES (?, ?, ?, ?, ?, 'local', 'store', ?)`,
        )
        .run(ids(), businessId, name, url, currency, uid).lastInsertRowid,
    )

  const base = db.transaction(() => {
    const demo = business('Aurora Outfitters', 'US', true, 500)
    const solo = business('Solo Studio', 'GB', false, 0)
    client(demoClient.clientId, demoClient.clientSecret, demo, clientScopes)
    client('admin', 'admin-secret', demo, 'api:admin')
    client('solo', 'solo-secret', solo, clientScopes)
    return {
      demo,
      solo,
      demoChannels: [
        channel(
          demo,
          'Aurora Outfitters',
          'aurora',
          'en-US',
          'US',
          'Everyday style, filmed in real homes.',
        ),
        channel(
          demo,
          'Aurora Beauty',
          'aurorabeauty',
          'en-GB',
          'GB',
          'Skincare routines and honest reviews.',
        ),
      ],
      soloChannel: channel(
        solo,
        'Solo Studio',
        'solostudio',
        'en-GB',
        'GB',
        'One maker, one channel.',
      ),
      demoStores: [
        store(demo, 'Aurora Main Store', 'USD', 'aurora-us', 'https://shop.aurora.example'),
        store(demo, 'Aurora EU Store', 'EUR', 'aurora-eu', 'https://eu.shop.aurora.example'),
      ],
      soloStore: store(solo, 'Solo Shop', 'GBP', 'solo-main', 'https://solo.example'),
    }
  })()
  if (sandbox.config.seed === 'none') return

  const media = await uploadSampleMedia(sandbox)
  db.transaction(() => {
    const { euCount, soloCount, mainCount } = seedProductSplit(sandbox.config.seedProducts)
    const productIds = {
      demo: insertCatalog(
        sandbox,
        ids,
        base.demoStores[0] as number,
        'USD',
        buildCatalog(random, 'AUR', mainCount),
      ),
      demoEu: insertCatalog(
        sandbox,
        ids,
        base.demoStores[1] as number,
        'EUR',
        buildCatalog(random, 'AEU', euCount),
      ),
      solo: insertCatalog(
        sandbox,
        ids,
        base.soloStore,
        'GBP',
        buildCatalog(random, 'SOL', soloCount),
      ),
    }
    // A store whose catalog comes from a commerce platform and feeds a domain assistant: shown
    // by its platform's name, and refused deletion (document 2, 4.1).
    db.prepare(
      `INSERT INTO stores (public_id, business_id, name, url, currency, provider, store_type, uid, assistant_linked)
       VALUES (?, ?, 'Aurora on Shopify', 'https://aurora.myshopify.example', 'USD', 'shopify', 'store', 'aurora-shopify', 1)`,
    ).run(ids(), base.demo)
    seedVideos(sandbox, {
      ids,
      random,
      ...media,
      count: sandbox.config.seedVideos,
      demo: {
        businessId: base.demo,
        channels: base.demoChannels,
        products: productIds.demo,
        otherStoreProducts: productIds.demoEu,
      },
      solo: { businessId: base.solo, channel: base.soloChannel, products: productIds.solo },
    })
    // Last, so the identifiers drawn for every other demo row stay as they were.
    seedProductImages(
      db,
      ids,
      db.prepare('SELECT id, external_id AS externalId FROM products ORDER BY id').all() as Array<{
        id: number
        externalId: string
      }>,
    )
  })()
}

function insertCatalog(
  sandbox: Sandbox,
  ids: () => string,
  storeId: number,
  currency: string,
  catalog: ReturnType<typeof buildCatalog>,
): Array<{ id: number; units: number[] }> {
  const { db } = sandbox
  const now = Date.now()
  const product = db.prepare(
    `INSERT INTO products (public_id, store_id, external_id, name, handle, description, category, currency, brand, subtitle, options, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const unit = db.prepare(
    `INSERT INTO product_units (public_id, product_id, name, position, options, url, price, original_price, quantity, sku, external_id, gtin, mpn, barcode)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  return catalog.map((item) => {
    const id = Number(
      product.run(
        ids(),
        storeId,
        item.external_id,
        item.name,
        item.handle,
        item.description,
        item.category,
        currency,
        item.brand,
        item.subtitle,
        JSON.stringify(item.options),
        now,
        now,
      ).lastInsertRowid,
    )
    const units = item.units.map((u, position) =>
      Number(
        unit.run(
          ids(),
          id,
          u.name,
          position,
          JSON.stringify(u.options),
          `https://shop.example/products/${item.handle}?variant=${u.external_id}`,
          u.price,
          u.original_price,
          u.quantity,
          u.sku,
          u.external_id,
          u.gtin,
          u.mpn,
          u.barcode,
        ).lastInsertRowid,
      ),
    )
    refreshSearchText(db, id)
    return { id, units }
  })
}

// Shipped sample clips and posters go into storage once, under seed/, where the CDN serves them.
async function uploadSampleMedia(sandbox: Sandbox) {
  const files = readdirSync(mediaDir).sort()
  const clips: SeedClip[] = []
  const posters: SeedPoster[] = []
  let subtitle: string | null = null
  for (const file of files) {
    const path = new URL(file, mediaDir)
    const key = `seed/${file}`
    const type = contentTypes[file.slice(file.lastIndexOf('.') + 1)]
    if (!type) continue
    if (!(await sandbox.storage.head(key)))
      await sandbox.storage.putObject(key, readFileSync(path), type)
    if (file.endsWith('.mp4')) {
      const probe = await probeMp4File(path.pathname)
      const thumbnail = files.find((other) => other === file.replace(/\.mp4$/, '.jpg'))
      clips.push({
        key,
        thumbnail: thumbnail ? `/cdn/seed/${thumbnail}` : null,
        duration: Math.round(probe.durationSeconds * 100) / 100,
        width: probe.width,
        height: probe.height,
        size: readFileSync(path).length,
      })
    } else if (file.endsWith('.vtt')) {
      subtitle = key
    } else if (!files.includes(file.replace(/\.(jpg|png)$/, '.mp4'))) {
      const size = imageSize(readFileSync(path))
      if (size)
        posters.push({
          url: `/cdn/${key}`,
          ...size,
          aspect_ratio: aspectRatio(size.width, size.height),
        })
    }
  }
  if (clips.length === 0) throw new Error('No sample clips found in server/sandbox/seed/media')
  return { clips, posters, subtitle }
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  png: 'image/png',
  vtt: 'text/vtt',
}

/**
 * SANDBOX_SEED_PRODUCTS across the stores: a fifth in the demo business's EU store, a twentieth
 * (at least 12) for the solo business, the rest in the demo's main store.
 */
export function seedProductSplit(total: number) {
  const euCount = Math.max(16, Math.floor(total / 5))
  const soloCount = Math.max(12, Math.floor(total / 20))
  const mainCount = Math.max(48, total - euCount - soloCount)
  return { euCount, soloCount, mainCount }
}
