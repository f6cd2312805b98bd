// bench:index's phase of one person's heavy reads (issue 34): a viewer keeps 64 reads of the home
// page's summary in flight (each answered one followed at once by the next; a 429 or 503 waits its
// Retry-After, as a well-behaved client does), while /healthz and another account's first page of
// the library (the forwarded list the library screen loads first) are timed, one after the
// other. Then again while a webhook arrives every 250 ms, each changing the index, so the summary
// is read again from the database each time (the cache does not carry the load). Goals: /healthz
// p95 ≤ 50 ms and the library page's median ≤ 1.5× its median at rest.
import { join } from 'node:path'
import { areaMigrations } from '../../server/dashboard/areas.ts'
import { createAccounts } from '../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../server/dashboard/db/database.ts'
import { libraryFields, libraryPageSize } from '../../src/api/queries/videos.ts'
import { delivery, postWebhook, videoEvent } from '../../test/server/webhooks/support.ts'
import { p50AndP95, type Row, timing } from '../reference/figures.ts'
import type { Reference } from '../reference/scale.ts'
import { ms, percentile } from '../ui/stats.ts'

const readsInFlight = 64
const rounds = 100
const password = 'bench under load'

type Session = Record<string, string>
type Video = { id: string; caption: string | null; product_ids: string[] }

async function signedIn(url: string, email: string): Promise<Session> {
  const response = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 204) throw new Error(`${email} could not sign in: ${response.status}`)
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? ''
  return { cookie, origin: url, 'x-dashboard-request': '1' }
}

async function timed(url: string, headers: Session = {}): Promise<number> {
  const started = performance.now()
  const response = await fetch(url, { headers })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return performance.now() - started
}

/** /healthz and the other account's library page, one after the other, `rounds` times. */
async function sample(url: string, other: Session, listPath: string) {
  const healthz: number[] = []
  const list: number[] = []
  for (let round = 0; round < rounds; round++) {
    healthz.push(await timed(`${url}/healthz`))
    list.push(await timed(`${url}${listPath}`, other))
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { healthz, list }
}

/** The viewer's 64 summary reads, each followed by the next, until stopped. */
function summaryLoad(url: string, viewer: Session, channel: string) {
  const answers = { ok: 0, refused: 0 }
  let stopped = false
  const loop = async () => {
    while (!stopped) {
      const response = await fetch(`${url}/api/dashboard/index/summary?channel_id=${channel}`, {
        headers: viewer,
      })
      await response.arrayBuffer()
      if (response.ok) answers.ok++
      else if (response.status === 429 || response.status === 503) {
        answers.refused++
        const wait = Number(response.headers.get('retry-after') ?? 1) * 1000
        await new Promise((resolve) => setTimeout(resolve, wait))
      } else throw new Error(`the summary was answered ${response.status}`)
    }
  }
  const loops = Array.from({ length: readsInFlight }, loop)
  return {
    answers,
    async stop() {
      stopped = true
      await Promise.all(loops)
    },
  }
}

/** A signed `video_updated` every 250 ms for one of `videos`, as it is, until stopped. */
function webhookChurn(url: string, secret: string, videos: Video[]) {
  let sent = 0
  const timer = setInterval(() => {
    const video = videos[sent++ % videos.length] as Video
    const event = videoEvent(video.id, Math.floor(Date.now() / 1000), 'video_updated', {
      caption: video.caption ?? '',
      product_ids: video.product_ids,
    })
    const { body, signature } = delivery(secret, event)
    void postWebhook(url, body, signature).then((response) => response.arrayBuffer())
  }, 250)
  return {
    stop: () => clearInterval(timer),
    sent: () => sent,
  }
}

export async function underLoad(options: {
  url: string
  dataDir: string
  channel: string
  secret: string
  videos: Video[]
  step: (message: string) => void
}): Promise<(reference: Reference) => Row[]> {
  const { url, channel, step } = options
  // The server has run its areas' migrations too: without them the database refuses to open.
  const db = await openDashboardDb({
    sqlitePath: join(options.dataDir, 'dashboard.db'),
    areas: areaMigrations,
  })
  const emails = ['heavy-reader@bench.example', 'library@bench.example']
  for (const email of emails) await createAccounts(db).create({ email, password, role: 'viewer' })
  await db.destroy()
  const [viewer, other] = (await Promise.all(emails.map((email) => signedIn(url, email)))) as [
    Session,
    Session,
  ]
  const listPath = `/api/v1/videos?channel_id=${channel}&page_size=${libraryPageSize}&fields=${libraryFields.join(',')}`

  step(`/healthz and another account's library page at rest, ${rounds} each`)
  await sample(url, other, listPath)
  const idle = await sample(url, other, listPath)

  step(`the same while one viewer keeps ${readsInFlight} summary reads in flight`)
  const load = summaryLoad(url, viewer, channel)
  const loaded = await sample(url, other, listPath)
  await load.stop()

  step('the same again with a webhook every 250 ms changing the index')
  const churn = webhookChurn(url, options.secret, options.videos)
  const churnLoad = summaryLoad(url, viewer, channel)
  const churned = await sample(url, other, listPath)
  await churnLoad.stop()
  churn.stop()

  const median = (values: number[]) => percentile(values, 0.5)
  const ratio = (values: number[]) => median(values) / median(idle.list)
  const p95 = (values: number[]) => percentile(values, 0.95)
  const counted = (answers: { ok: number; refused: number }) =>
    `${answers.ok.toLocaleString('en')} answered, ${answers.refused.toLocaleString('en')} told to wait`
  // Timings are scaled to the reference device once the server's index is known after all phases.
  return (reference) => [
    p50AndP95(reference, {
      figure: 'Library page at rest (another account), p50 / p95',
      values: idle.list,
      key: 'listIdleP50Ms',
    }),
    timing(reference, { figure: '/healthz at rest, p95', measured: p95(idle.healthz) }),
    {
      figure: `Summary reads, ${readsInFlight} in flight by one viewer`,
      result: counted(load.answers),
      goal: '',
      met: null,
    },
    timing(reference, {
      figure: '/healthz during the summary reads, p95',
      measured: p95(loaded.healthz),
      atMost: 50,
      key: 'healthzUnderLoadP95Ms',
    }),
    {
      figure: 'Library page during the summary reads, p50 ÷ p50 at rest (p95)',
      result: `${ratio(loaded.list).toFixed(2)}× (${ms(p95(loaded.list) * reference.factor)})`,
      goal: '≤ 1.5×',
      met: ratio(loaded.list) <= 1.5,
      key: 'listUnderLoadRatio',
      value: ratio(loaded.list),
    },
    {
      figure: `Summary reads with ${churn.sent()} webhooks, one each 250 ms`,
      result: counted(churnLoad.answers),
      goal: '',
      met: null,
    },
    timing(reference, {
      figure: '/healthz during the reads and webhooks, p95',
      measured: p95(churned.healthz),
      atMost: 50,
      key: 'healthzUnderChurnP95Ms',
    }),
    {
      figure: 'Library page during the reads and webhooks, p50 ÷ p50 at rest (p95)',
      result: `${ratio(churned.list).toFixed(2)}× (${ms(p95(churned.list) * reference.factor)})`,
      goal: '≤ 1.5×',
      met: ratio(churned.list) <= 1.5,
      key: 'listUnderChurnRatio',
      value: ratio(churned.list),
    },
  ]
}
