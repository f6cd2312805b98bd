import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { type IncomingMessage, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startBareDashboard } from '../dashboard/dashboard-for.ts'
import { type FakeService, fakeClient, json, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { addAccounts, signIn } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'
import { parseLogLines } from './log-lines.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The dashboard's process, as `npm start` runs it, and the address it says it is at. */
async function startProcess(service: FakeService) {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-process-'))
  const dist = await createTempDist()
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), dist.remove)
  const dashboardDb = join(dir, 'dashboard.db')
  const { admin } = await addAccounts({ sqlitePath: dashboardDb }, ['admin'])
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/server/ops/dashboard-process.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        DASHBOARD_DB: dashboardDb,
        SERVICE_BASE_URL: service.url,
        SERVICE_CLIENT_ID: fakeClient.clientId,
        SERVICE_CLIENT_SECRET: fakeClient.clientSecret,
        TEST_DIST_DIR: dist.dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  // Not on a terminal, it says where it is on a log line.
  const address = () =>
    parseLogLines(output.split('\n').filter((line) => line.startsWith('{'))).find(
      (entry) => entry.msg === 'the dashboard is serving',
    )?.url as string | undefined
  await waitUntil(() => address() !== undefined, 'the process to say its address', {
    timeoutMs: 30_000,
  })
  const url = address() ?? ''
  return { child, url, output: () => output, session: await signIn(url, admin) }
}

/** An open `GET /events` stream: resolves `ended` when the server ends it. */
async function openStream(url: string, cookie: string) {
  const { hostname, port } = new URL(url)
  const outgoing = request({ hostname, port, path: '/events', headers: { cookie } })
  outgoing.end()
  const [response] = (await once(outgoing, 'response')) as [IncomingMessage]
  expect(response.statusCode).toBe(200)
  let text = ''
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => (text += chunk))
  await waitUntil(() => text.includes('event: ready'), 'the stream to be ready')
  return { ended: once(response, 'end') }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

describe('shutdown on SIGTERM', () => {
  it('finishes the request in flight, ends event streams, refuses new connections and exits 0', async () => {
    const service = await startFakeService()
    cleanups.push(service.close)
    const held: Parameters<FakeService['api']>[1][] = []
    // The test's request is held; the merchandising index's reads (npm start runs it) are
    // answered at once, with nothing to index.
    service.api = (request, res) =>
      request.url?.startsWith('/api/v1/videos')
        ? held.push(res)
        : json(res, 200, { channels: [], stores: [], links: { next: null } })
    const dashboard = await startProcess(service)
    const exited = exitOf(dashboard.child)
    const stream = await openStream(dashboard.url, dashboard.session.cookie)
    const inFlight = send(dashboard.url, '/api/v1/videos', { headers: dashboard.session })
    await waitUntil(() => held.length === 1, 'the service to receive the request')

    dashboard.child.kill('SIGTERM')
    await stream.ended
    await expect(send(dashboard.url, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    for (const res of held) json(res, 200, { data: [] })
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ data: [] })
    expect(await exited).toBe(0)
    const logged = dashboard
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
    expect(parseLogLines(logged).map((entry) => entry.msg)).toContain(
      'shutting down: no new connections; requests in flight may finish',
    )
  }, 120_000)
})

/** A raw connection to the server, whose bytes arrive as they are sent. */
async function openSocket(url: string) {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await once(socket, 'connect')
  let received = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (received += chunk))
  const closed = once(socket, 'close')
  return { socket, received: () => received, closed }
}

// A webhook whose body the server waits for: in flight once the server has said 100 Continue.
const slowWebhook = (socket: Socket) =>
  socket.write(
    'POST /webhooks/service HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n',
  )

describe('closing the dashboard', () => {
  async function start(shutdownGraceMs: number) {
    const service = await startFakeService()
    const logs: string[] = []
    const { dashboard, removeDist } = await startBareDashboard(service, {
      shutdownGraceMs,
      log: (line) => logs.push(line),
    })
    cleanups.push(service.close, removeDist)
    return { dashboard, logs }
  }

  it('says it is not ready to a request that arrives once shutdown has begun', async () => {
    const { dashboard } = await start(10_000)
    const connection = await openSocket(dashboard.url)
    slowWebhook(connection.socket)
    await waitUntil(() => connection.received().includes('100 Continue'), 'the request in flight')
    const closed = dashboard.close()
    expect((await send(dashboard.url, '/healthz').catch((error) => error)).code).toBe(
      'ECONNREFUSED',
    )
    // The request in flight ends; the next one on its connection is the load balancer's probe.
    connection.socket.write('{}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await connection.closed
    await closed
    const answers = connection.received().split(/(?=HTTP\/1\.1 )/)
    expect(answers.map((answer) => answer.split('\r\n', 1)[0])).toEqual([
      'HTTP/1.1 100 Continue',
      'HTTP/1.1 401 Unauthorized',
      'HTTP/1.1 503 Service Unavailable',
    ])
    expect(answers[2]).toContain('{"status":"stopping","checks":{}}')
    expect(answers[2]).toMatch(/^Connection: close$/im)
  })

  it('cuts a request still running when the grace period ends', async () => {
    const { dashboard, logs } = await start(1_000)
    const connection = await openSocket(dashboard.url)
    slowWebhook(connection.socket)
    await waitUntil(() => connection.received().includes('100 Continue'), 'the request in flight')
    await dashboard.close()
    await connection.closed
    expect(connection.received()).toBe('HTTP/1.1 100 Continue\r\n\r\n')
    expect(parseLogLines(logs).map((entry) => entry.msg)).toContain(
      'requests still running at the end of the grace period were cut',
    )
  })
})
