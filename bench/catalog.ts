// npm run bench:catalog — product search as you type, on a store's catalog screen and in the
// video page's tag search, in headless Chromium against the real dashboard server and the
// sandbox (each in its own process) seeded so the main store holds 10,000 products (BENCH_CATALOG_PRODUCTS). On
// each, 24 words are typed one after another over the previous one (60 ms between keys); each
// sample is the time from the last keydown's event time to the first frame showing that search's
// results (every row names the word; see catalog/probe.js); every keystroke searches, no pause.
// Goal: p95 ≤ 100 ms; the JSON line carries the slower of the two searches. The server answers
// 30 product searches from Node first, as one in service has (warmServer below).
// Timings are the reference device's (bench/reference): the page is slowed to it from Chromium's
// index at the start, and again from its index before the tag search, or its timings scaled on a
// slower host. A response of the page answered
// 401 or 5xx fails the run.
// A benchmark: a missed goal is a figure; it exits non-zero only when it cannot measure.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { chromiumHost } from './reference/chromium-host.ts'
import { type Row, timing } from './reference/figures.ts'
import { assertNoRefusals, guardResponses } from './reference/guard.ts'
import { printReport } from './reference/report.ts'
import { type Reference, toReference } from './reference/scale.ts'
import { newThrottledPage, throttle } from './reference/throttle.ts'
import {
  buildApp,
  launchBrowser,
  makeTempDir,
  type ServerProcess,
  startServer,
} from './ui/harness.ts'
import { ms, percentile } from './ui/stats.ts'
import { benchSteps } from './ui/steps.ts'

const mainStoreProducts = Number(process.env.BENCH_CATALOG_PRODUCTS ?? 10_000)
// The seed gives the main store what the EU store (a fifth) and the solo business (a twentieth)
// leave of SANDBOX_SEED_PRODUCTS (server/sandbox/seed/seed.ts).
const seedProducts = Math.ceil(mainStoreProducts / 0.75)
const inMainStore = seedProducts - Math.floor(seedProducts / 5) - Math.floor(seedProducts / 20)
const queries = [
  'dress',
  'serum',
  'boot',
  'mug',
  'sweater',
  'mascara',
  'sneaker',
  'candle',
  'jacket',
  'towel',
  'loafer',
  'speaker',
  'skirt',
  'planter',
  'sandal',
  'earbuds',
  'shirt',
  'wallet',
  'trousers',
  'watch',
  'vest',
  'scarf',
  'cream',
  'charger',
]
// Words the measured searches do not use.
const warmUpWords = ['lamp', 'hat', 'bag', 'glove', 'tea', 'rug', 'belt', 'sock', 'pan', 'kit']

const probe = readFileSync(new URL('./catalog/probe.js', import.meta.url), 'utf8')

const temp = makeTempDir()
let server: ServerProcess | undefined
let browser: Browser | undefined
const cleanup = async () => {
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  temp.remove()
}
const step = benchSteps(cleanup)

try {
  step('building the app')
  await buildApp(join(temp.dir, 'dist'))
  step(`starting the dashboard with ${seedProducts.toLocaleString('en')} seeded products`)
  process.env.SANDBOX_SEED_PRODUCTS = String(seedProducts)
  server = await startServer({ distDir: join(temp.dir, 'dist'), dataDir: temp.dir, videos: 200 })
  browser = await launchBrowser()
  const chromium = await chromiumHost(browser)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await server.signIn(context)
  guardResponses(context)
  await context.addInitScript(probe)
  const page = await newThrottledPage(context, chromium.rate)
  await page.goto(`${server.url}/stores`)
  const store = await page.evaluate(async () => {
    const list = await fetch('/api/v1/business_stores').then((response) => response.json())
    const main = list.stores.find((each: { name: string }) => each.name === 'Aurora Main Store')
    return main.id as string
  })
  await warmServer(server, store)
  await page.goto(`${server.url}/stores/${store}`)
  const input = page.getByLabel(/^Search products by name/)
  await input.waitFor()
  await page.waitForLoadState('networkidle')
  step(`${queries.length} searches on the catalog`)
  const catalog = await searchAll(page, input, 'catalog')
  const video = await page.evaluate(async () => {
    const { channels } = await fetch('/api/v1/channels').then((response) => response.json())
    const list = await fetch(`/api/v1/videos?channel_id=${channels[0].id}&page_size=1`).then(
      (response) => response.json(),
    )
    return list.videos[0].id as string
  })
  await page.goto(`${server.url}/videos/${video}`)
  const box = page.getByRole('combobox', { name: 'Find products to tag' })
  await box.waitFor()
  await page.getByLabel('Store', { exact: true }).selectOption(store)
  await page.waitForLoadState('networkidle')
  const tagPhase = await chromium.rethrottle('the tag search')
  await throttle(page, tagPhase.rate)
  step(`${queries.length} searches in the tag search`)
  const tags = await searchAll(page, box, 'tags')
  await chromium.end()
  assertNoRefusals(context, 'the catalog and the tag search')
  step('done')
  const catalogReference: Reference = chromium.reference()
  // Each phase's timings as its own page was slowed: the host is measured again before the tags.
  const figures = (samples: Sample[], reference: Reference) => {
    const measured = samples.flatMap((sample) => (sample.latency === null ? [] : [sample.latency]))
    return {
      reference,
      p50: percentile(measured, 0.5),
      p95: percentile(measured, 0.95),
      missing: samples.length - measured.length,
    }
  }
  const onCatalog = figures(catalog, catalogReference)
  const inTags = figures(tags, tagPhase.reference)
  const slower =
    toReference(inTags.reference, inTags.p95) > toReference(onCatalog.reference, onCatalog.p95)
      ? inTags
      : onCatalog
  const missing = onCatalog.missing + inTags.missing
  const shown = (label: string, each: typeof slower): Row[] => [
    timing(each.reference, { figure: `${label}: keystroke to results, p50`, measured: each.p50 }),
    timing(each.reference, {
      figure: `${label}: keystroke to results, p95`,
      measured: each.p95,
      atMost: 100,
    }),
  ]
  const rows: Row[] = [
    {
      figure: 'Products in the store',
      result: inMainStore.toLocaleString('en'),
      goal: '',
      met: null,
      key: 'products',
      value: inMainStore,
    },
    ...shown('Catalog', onCatalog),
    ...shown('Tag search', inTags),
    timing(slower.reference, {
      figure: 'Slower of the two, p50 (JSON)',
      measured: slower.p50,
      key: 'searchP50Ms',
    }),
    timing(slower.reference, {
      figure: 'Slower of the two, p95 (JSON)',
      measured: slower.p95,
      atMost: 100,
      key: 'searchP95Ms',
    }),
    {
      figure: 'Searches not shown within 5 s',
      result: String(missing),
      goal: '0',
      met: missing === 0,
    },
  ]
  console.log(
    `\n  ${'word'.padEnd(10)} ${'catalog'.padStart(8)} ${'tags'.padStart(8)}  (as measured)`,
  )
  for (const [index, sample] of catalog.entries()) {
    const tagged = ms(tags[index]?.latency ?? null)
    console.log(
      `  ${sample.query.padEnd(10)} ${ms(sample.latency).padStart(8)} ${tagged.padStart(8)}`,
    )
  }
  printReport(
    'catalog',
    `bench:catalog — ${queries.length} searches on each, headless Chromium`,
    rows,
    chromium.hosts(),
  )
  if (missing > 0) process.exitCode = 1
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
}

/**
 * Product searches from Node before the browser's, as a server in service has answered many: V8
 * compiles the dashboard's forwarding and the sandbox's search on their first calls. The page
 * itself starts cold, as a marketer's does.
 */
async function warmServer(running: ServerProcess, store: string) {
  for (const round of [1, 2, 3])
    for (const word of warmUpWords) {
      const query = `business_store_id=${store}&q=${word.slice(0, round + 1)}&page_size=20`
      const response = await fetch(`${running.url}/api/v1/products?${query}`, {
        headers: running.session,
      })
      if (!response.ok) throw new Error(`warming the product search: ${response.status}`)
      await response.arrayBuffer()
    }
}

interface Sample {
  query: string
  latency: number | null
  rows: number
}

async function searchAll(page: Page, input: Locator, where: 'catalog' | 'tags') {
  const samples: Sample[] = []
  for (const query of queries) {
    const result = page.evaluate(
      ([word, place]) =>
        (
          window as unknown as {
            __catalog: {
              arm(
                q: string,
                w: string,
              ): Promise<{ keyAt: number; doneAt: number | null; rows: number }>
            }
          }
        ).__catalog.arm(word, place),
      [query, where] as const,
    )
    await input.focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(query, { delay: 60 })
    const outcome = await result
    samples.push({
      query,
      latency: outcome.doneAt === null ? null : outcome.doneAt - outcome.keyAt,
      rows: outcome.rows,
    })
  }
  return samples
}
