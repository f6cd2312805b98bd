// npm run bench:rules — merchandising rules (issue 37) at 100,000 videos and 50 rules switched on.
// The sandbox runs in its own process, seeded with the demo library; two dashboard replicas, each
// in its own process, share one PostgreSQL and one Redis, and receive the sandbox's signed
// webhooks through a tee that delivers each event twice (once to each replica, the second up to
// 1.5 s later) and holds a fifth back up to 3 s so later ones overtake them. The rules are written
// and switched on through the dashboard's rules API as an admin: each adds a video with its
// hashtag to the top of its own playlist, half on video_created, half on video_updated. Then a
// burst of changes at the service (videos created, library videos given hashtags, some twice),
// with one replica killed (SIGKILL) half-way. A proxy in front of the service notes every write
// the replicas make, so what happened at the service is counted apart from what the dashboard
// says: actions applied twice, actions never applied (not in the playlist at the end), and each
// action's delay from the first delivery of its webhook (after the change was made) to the
// service's answer. Then, on the replica left, the share of applied actions whose run's trace
// shows the call, 50 previews of rules being edited (count, list, who enters a playlist,
// findings), and a dry run over the whole library. Goals: webhook → action p95 ≤ 2 s, 0 duplicate
// and 0 lost actions, preview p95 ≤ 300 ms, dry run ≤ 10 s, every action traced. The previews and
// the dry run are scaled to the reference device by the replica's host index; the burst's delays
// are end to end, as measured. A missed goal is a figure, not a failure.
import { createRandom } from '../server/sandbox/seed/random.ts'
import type { Playlist } from '../src/api/generated/types.gen.ts'
import { HostSpeed } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { serverReference } from './reference/scale.ts'
import { runBurst } from './rules/burst.ts'
import { libraryVideos, planBurst } from './rules/burst-plan.ts'
import { type Catalog, dryRuns, previewEdits } from './rules/editing.ts'
import { burstRows, editingRows, serviceRows, traceRows } from './rules/rows.ts'
import { rulesApi, rulesOn, writeBurstRules, writeLibraryRule } from './rules/rule-set.ts'
import type { ServiceCall } from './rules/service-client.ts'
import { settings } from './rules/settings.ts'
import { settle, tally } from './rules/tally.ts'
import { type RulesWorld, startRulesWorld } from './rules/world.ts'
import { benchSteps } from './ui/steps.ts'

let world: RulesWorld | undefined
const step = benchSteps(async () => {
  await world?.close()
})

/** The first channel, a store with products and one of them, and the playlist the drafts fill. */
async function catalogOf(service: ServiceCall): Promise<Catalog> {
  const { channels } = await service<{ channels: { id: string }[] }>('GET', '/channels')
  const channelId = channels[0]?.id
  if (!channelId) throw new Error('the sandbox has no channel')
  const { stores } = await service<{ stores: { id: string }[] }>('GET', '/business_stores')
  for (const store of stores) {
    const { products } = await service<{ products: { id: string }[] }>(
      'GET',
      `/products?business_store_id=${store.id}&page_size=5`,
    )
    if (!products[0]) continue
    const { playlists } = await service<{ playlists: Playlist[] }>(
      'GET',
      `/playlists?channel_id=${channelId}&page_size=100`,
    )
    const playlist = playlists.find((each) => each.name === 'Summer lookbook') ?? playlists[0]
    if (!playlist) throw new Error('the channel has no playlist')
    return { channelId, storeId: store.id, productId: products[0].id, playlistId: playlist.id }
  }
  throw new Error('no store has products')
}

try {
  world = await startRulesWorld(step)
  const { service, tee, proxy, survivor } = world
  const where = { url: survivor.url, session: world.sessions.survivor }
  const catalog = await catalogOf(service)
  const api = rulesApi(survivor.url, world.sessions.survivor)

  step(`writing ${settings.rules} rules through the rules API and switching them on`)
  const rules = await writeBurstRules(api, service, catalog.channelId, settings.rules)
  const libraryRule = await writeLibraryRule(api, service, catalog.channelId, catalog.productId)
  const rulesCount = await rulesOn(api, catalog.channelId)

  const library = await libraryVideos(service, catalog.channelId, settings.updated)
  const changes = planBurst(createRandom(3737), rules, library, settings.created)
  step(
    `the burst: ${changes.length} changes over ${settings.burstSeconds} s, replica A killed half-way`,
  )
  const burst = await runBurst({
    service,
    tee,
    rules,
    channelId: catalog.channelId,
    storeId: catalog.storeId,
    productId: catalog.productId,
    changes,
    seconds: settings.burstSeconds,
    killed: world.killed,
  })
  step(`waiting for ${burst.expected.length} actions at the service`)
  await settle(
    { tee, proxy, rules },
    where,
    burst.expected,
    Date.now() + settings.settleSeconds * 1000,
  )
  step('reading the service’s playlists and the runs’ traces')
  const counted = await tally(
    { tee, proxy, service, rules, killedUrl: world.killed.url },
    where,
    burst.expected,
  )
  for (const example of counted.lostExamples) console.log(`lost: ${example}`)
  if (tee.unexpected.length > 0)
    throw new Error(`webhook deliveries went wrong: ${tee.unexpected.slice(0, 3).join('; ')}`)

  step(`${settings.edits} previews of rules being edited, and ${settings.dryRuns} dry runs`)
  const speed = await HostSpeed.start('server', () => survivor.hostIndex())
  const preview = await previewEdits(survivor.url, world.sessions.survivor, catalog, settings.edits)
  const dry = await dryRuns(survivor.url, world.sessions.survivor, libraryRule.id, settings.dryRuns)
  await speed.end()
  console.log(`slowest previews, as measured: ${preview.slowest.join('; ')}`)

  printReport(
    'rules',
    `bench:rules — ${settings.videos.toLocaleString('en')} videos, ${rulesCount} rules on, two replicas`,
    [
      ...burstRows({ videos: settings.videos, rules: rulesCount }, burst, tee.events, counted),
      ...serviceRows(proxy.answers, burst.startedAt),
      ...editingRows(serverReference(speed), preview, dry),
      ...traceRows(counted),
    ],
    { speeds: [speed] },
  )
} finally {
  await world?.close()
}
