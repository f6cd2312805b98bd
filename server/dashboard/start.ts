import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { createDemoAdmin } from './auth/demo-admin.ts'
import { composeDashboard } from './compose.ts'
import { limitConnectionsPerAddress } from './http/connection-limit.ts'
import { isLoopbackHost } from './http/host-check.ts'
import { sendError } from './http/json-response.ts'
import { createRequestTurns, isProbe } from './http/request-turns.ts'
import type { DashboardOptions, RunningDashboard } from './options.ts'

export type { DashboardOptions, RunningDashboard } from './options.ts'

/** Starts the dashboard server: listening, client timeouts and shutdown; routes.ts does the rest. */
export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  // Videos go straight to storage, so requests here are small: a client has 20 s to send its
  // headers and a minute for the whole request (subtitle files are the largest bodies).
  const clientTimeouts = options.clientTimeoutsMs ?? { headers: 20_000, request: 60_000 }
  // Timeouts are checked on this interval (Node's default is 30 s, longer than the timeouts).
  const checkEvery = Math.min(1_000, clientTimeouts.headers)
  let listener: ReturnType<typeof getRequestListener> | null = null
  const takeTurn = createRequestTurns()
  let stopping = false
  const server = createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => {
    // Once shutdown begins, every answer closes its connection: the client's next request goes
    // to another replica.
    if (stopping) res.setHeader('Connection', 'close')
    const handle = listener
    if (!handle) sendError(res, 503, 'The dashboard is starting')
    else if (isProbe(req)) void handle(req, res)
    else takeTurn(req, () => void handle(req, res))
  })
  server.headersTimeout = clientTimeouts.headers
  server.requestTimeout = clientTimeouts.request
  limitConnectionsPerAddress(server, options.maxConnectionsPerAddress ?? 128)

  const dashboard = await composeDashboard(options, server)
  const { logger, host } = dashboard
  listener = getRequestListener(dashboard.routes.fetch, {
    // Handlers read bodies themselves (streamed uploads, webhooks on their raw bytes).
    autoCleanupIncoming: false,
    errorHandler: (error) => {
      logger.warn({ err: error }, 'a request could not be read')
      return Response.json({ error: 'The request is not valid' }, { status: 400 })
    },
  })

  // Stop accepting, end the event streams (browsers reconnect elsewhere), let requests in flight
  // finish within the grace period, then cut what is left and close the databases.
  const graceMs = options.shutdownGraceMs ?? 10_000
  let stopped: Promise<void> | null = null
  async function stopAll() {
    stopping = true
    logger.info('shutting down: no new connections; requests in flight may finish')
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    dashboard.stopServing()
    let cut: NodeJS.Timeout | undefined
    const grace = new Promise<void>((resolve) => {
      cut = setTimeout(resolve, graceMs)
    })
    if ((await Promise.race([closed.then(() => 'closed'), grace])) !== 'closed') {
      logger.warn({ graceMs }, 'requests still running at the end of the grace period were cut')
      server.closeAllConnections()
      await closed
    }
    clearTimeout(cut)
    await dashboard.close()
  }
  const close = () => {
    stopped ??= stopAll()
    return stopped
  }

  let port: number
  let serviceUrl: string
  try {
    port = await listen(server, options.port ?? 5173, host)
    serviceUrl = (await dashboard.connectService(port)).serviceBaseUrl
  } catch (error) {
    await close().catch(() => {})
    throw error
  }
  if (options.createDemoAdmin) {
    // What the person starting the server must do or know (the demo admin's password) is told
    // to them, never written to the log stream.
    const announce = options.announce ?? ((text: string) => console.log(text))
    await createDemoAdmin(dashboard.access.accounts, announce, {
      embeddedSandbox: !options.service,
      oidc: options.oidc,
    })
  }

  const url = `http://${displayHost(host, options.port === 0)}:${port}`
  logger.info({ url, serviceUrl }, 'the dashboard is listening')
  return { url, serviceUrl, close }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

// Browsers treat localhost as a secure context and people recognise it; tests asking for any
// port get the plain IPv4 loopback address, which never depends on name resolution.
function displayHost(host: string, anyPort: boolean): string {
  if (host === '::1' || host === '::') return anyPort ? '[::1]' : 'localhost'
  if (isLoopbackHost(host) || host === '0.0.0.0') return anyPort ? '127.0.0.1' : 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
