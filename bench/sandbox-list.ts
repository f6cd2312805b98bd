// npm run bench:sandbox — seeds 100,000 videos into a fresh sandbox and prints p50/p95 latency of
// the video list over loopback HTTP with q, with hashtag, and with combined filters at a deep
// cursor. Goal: p95 at most 20 ms on the reference device (Lighthouse index 1,000): each time is
// scaled by the index of the sandbox's process, asked over IPC before and after the timed requests.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { limitProcess } from './reference/cpu-limit.ts'
import { type Row, timing } from './reference/figures.ts'
import { HostSpeed, serverIndex } from './reference/host-index.ts'
import { printReport } from './reference/report.ts'
import { serverReference } from './reference/scale.ts'
import { percentile } from './ui/stats.ts'

const videos = Number(process.env.BENCH_VIDEOS ?? 100_000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 300)
const dir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'))

const port = Number(process.env.BENCH_PORT ?? 4690)
// The sandbox runs in its own process, as it does beside the dashboard server, so the client's
// work here does not queue behind the server's on one event loop (nor, under BENCH_CPU_LIMIT,
// spend the sandbox's share of the CPU).
const seedStart = performance.now()
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/sandbox/server.ts'], {
  env: {
    ...process.env,
    SANDBOX_PORT: String(port),
    SANDBOX_DB: join(dir, 'bench.db'),
    SANDBOX_DATA_DIR: dir,
    SANDBOX_SEED: 'demo',
    SANDBOX_SEED_VIDEOS: String(videos),
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
})
limitProcess(child.pid, 'sandbox')
const sandbox = { url: `http://127.0.0.1:${port}` }
await waitForHealth()
console.log(
  `seeded ${videos.toLocaleString('en')} videos in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
)

try {
  const token = await fetchToken()
  const channels = (await get('/api/v1/channels')).channels as Array<{ id: string }>
  const channel = channels[0]?.id as string
  const base = `/api/v1/videos?channel_id=${channel}&page_size=20`

  // A deep cursor: walk 300 pages of 100 (30,000 rows) and keep where that walk ended.
  let next: string | null =
    `/api/v1/videos?channel_id=${channel}&page_size=100&status=approved&access=public`
  for (let page = 0; page < 300 && next; page++) next = (await get(next)).links.next
  const deepCursor = next ? new URL(next, sandbox.url).searchParams.get('before') : null
  if (!deepCursor) throw new Error('could not reach a deep cursor')

  const queries = [
    'dress',
    'serum',
    'sneaker',
    'mug',
    'review',
    '50%',
    'ss',
    'Headphones',
    'linen tote',
    'golden hour',
  ]
  const hashtags = ['#summer', '#ootd', 'review', '#skincare', 'sustainable', '#sale']
  const figureKeys: Record<string, string> = {
    q: 'q',
    hashtag: 'hashtag',
    'combined + deep cursor': 'combinedDeepCursor',
  }
  const cases: Record<string, (i: number) => string> = {
    q: (i) => `${base}&q=${encodeURIComponent(queries[i % queries.length] as string)}`,
    hashtag: (i) =>
      `${base}&hashtag=${encodeURIComponent(hashtags[i % hashtags.length] as string)}`,
    'combined + deep cursor': (i) =>
      `${base}&status=approved&access=public&published=true&hashtag=${encodeURIComponent(hashtags[i % hashtags.length] as string)}&q=the&before=${deepCursor}`,
  }
  const measured: Array<[string, number[]]> = []
  const speed = await HostSpeed.start('server', () => serverIndex(child))
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 20; i++) await get(url(i))
    const times: number[] = []
    for (let i = 0; i < rounds; i++) {
      const start = performance.now()
      await get(url(i))
      times.push(performance.now() - start)
    }
    measured.push([name, times])
  }
  await speed.end()
  const reference = serverReference(speed)
  const rows: Row[] = measured.flatMap(([name, times]) => [
    timing(reference, {
      figure: `${name}, p50 (${rounds} requests)`,
      measured: percentile(times, 0.5),
      key: `${figureKeys[name]}P50Ms`,
    }),
    timing(reference, {
      figure: `${name}, p95`,
      measured: percentile(times, 0.95),
      atMost: 20,
      key: `${figureKeys[name]}P95Ms`,
    }),
  ])
  printReport(
    'sandbox',
    `bench:sandbox — the video list at ${videos.toLocaleString('en')} videos, page size 20`,
    rows,
    { speeds: [speed] },
  )

  async function get(path: string) {
    const response = await fetch(new URL(path, sandbox.url), {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(dir, { recursive: true, force: true })
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const ok = await fetch(`${sandbox.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    if (child.exitCode !== null) throw new Error('the sandbox exited during start-up')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the sandbox did not become healthy within 5 minutes')
}

async function fetchToken(): Promise<string> {
  const response = await fetch(new URL('/oauth/token', sandbox.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  })
  return ((await response.json()) as { access_token: string }).access_token
}
