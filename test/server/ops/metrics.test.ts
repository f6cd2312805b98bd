import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { delivery, postWebhook, videoEvent } from '../webhooks/support.ts'

const metricsToken = 'metrics-token-for-the-scraper-7e1c'
const webhookSecret = 'whsec_metrics'
const running = dashboardWithFakeService('file', {
  trustProxy: true,
  metricsToken,
  webhookSecrets: [webhookSecret],
})

const scrape = async (headers: Record<string, string> = {}) => {
  const response = await send(running.dashboard.url, '/metrics', { headers })
  expect(response.status).toBe(200)
  return response.text
}
/** The value of one series, 0 when it does not exist yet. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `))
  return Number(line?.slice(series.length + 1) ?? 0)
}
/** The label sets of a metric's series, without their values. */
const seriesNamed = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line) => line.split(' ', 1)[0])

describe('GET /metrics', () => {
  it('answers a client on this machine in Prometheus text format', async () => {
    const response = await send(running.dashboard.url, '/metrics')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(response.text).toContain('# TYPE dashboard_http_requests_total counter')
    expect(response.text).toContain('process_cpu_user_seconds_total')
    expect(response.text).toContain('dashboard_sse_clients 0')
  })

  it('is a 404 for a client that came through a proxy, unless it sends METRICS_TOKEN', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.9' }
    const refused = await send(running.dashboard.url, '/metrics', { headers: proxied })
    expect(refused.status).toBe(404)
    expect(refused.json()).toEqual({ error: 'Not found' })
    for (const authorization of [
      `Bearer ${metricsToken}x`,
      `Bearer ${metricsToken.slice(1)}`,
      metricsToken,
    ]) {
      const wrong = await send(running.dashboard.url, '/metrics', {
        headers: { ...proxied, authorization },
      })
      expect(wrong.status, authorization).toBe(404)
    }
    await scrape({ ...proxied, authorization: `Bearer ${metricsToken}` })
  })

  it('counts a forwarded request under its route pattern and times the call to the service', async () => {
    const series = 'dashboard_http_requests_total{method="GET",route="/api/v1/*",status="200"}'
    const upstream = 'dashboard_upstream_request_duration_seconds_count{outcome="2xx"}'
    const before = await scrape()
    expect((await sendSignedIn(running.dashboard, '/api/v1/videos?page=2')).status).toBe(200)
    const after = await scrape()
    expect(seriesValue(after, series)).toBe(seriesValue(before, series) + 1)
    expect(seriesValue(after, upstream)).toBe(seriesValue(before, upstream) + 1)
    expect(seriesValue(after, 'dashboard_service_token_refreshes_total')).toBeGreaterThanOrEqual(1)
  })

  it('counts upstream failures by kind', async () => {
    const kind = 'dashboard_upstream_errors_total{kind="5xx"}'
    const before = seriesValue(await scrape(), kind)
    running.service.api = (_request, res) => {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}')
    }
    try {
      expect((await sendSignedIn(running.dashboard, '/api/v1/videos')).status).toBe(503)
    } finally {
      running.service.api = (request, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"url":"${request.url}"}`)
    }
    expect(seriesValue(await scrape(), kind)).toBe(before + 1)
  })

  it('counts webhook deliveries received and refused', async () => {
    const refused = 'dashboard_webhooks_refused_total{status="401"}'
    const before = seriesValue(await scrape(), refused)
    const response = await send(running.dashboard.url, '/webhooks/service', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'service-webhooks-signature': 't=1,v1=AAAA' },
      body: '{}',
    })
    expect(response.status).toBe(401)
    expect(seriesValue(await scrape(), refused)).toBe(before + 1)
  })

  it('counts a redelivered webhook as a duplicate, not as received twice', async () => {
    const received = 'dashboard_webhooks_received_total'
    const duplicate = 'dashboard_webhooks_duplicate_total'
    const before = await scrape()
    const event = videoEvent('vid-metrics-dup', 1_790_000_100)
    for (const _ of [1, 2]) {
      const { body, signature } = delivery(webhookSecret, event)
      expect((await postWebhook(running.dashboard.url, body, signature)).status).toBe(202)
    }
    const after = await scrape()
    expect(seriesValue(after, received)).toBe(seriesValue(before, received) + 2)
    expect(seriesValue(after, duplicate)).toBe(seriesValue(before, duplicate) + 1)
  })

  it('counts sign-ins refused for a wrong password and those refused by a limit', async () => {
    const failures = 'dashboard_sign_in_failures_total'
    const limited = 'dashboard_sign_in_limited_total'
    const before = await scrape()
    // One address, one account: the pair's limit (a few failures) is reached well within 12 tries.
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await send(running.dashboard.url, '/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: 'nobody@example.com', password: `wrong ${i}` }),
      })
      statuses.push(response.status)
    }
    const after = await scrape()
    const count = (status: number) => statuses.filter((each) => each === status).length
    expect(count(429)).toBeGreaterThan(0)
    expect(seriesValue(after, failures)).toBe(seriesValue(before, failures) + count(401))
    expect(seriesValue(after, limited)).toBe(seriesValue(before, limited) + count(429))
  })

  it('keeps its labels bounded: 500 distinct paths add no series', async () => {
    const paths = Array.from({ length: 500 }, () => `/${randomBytes(6).toString('hex')}`)
    for (const path of paths.slice(0, 10)) await send(running.dashboard.url, path)
    await scrape()
    const before = seriesNamed(await scrape(), 'dashboard_http_requests_total')
    for (let i = 10; i < paths.length; i += 50) {
      await Promise.all(paths.slice(i, i + 50).map((path) => send(running.dashboard.url, path)))
    }
    const text = await scrape()
    const after = seriesNamed(text, 'dashboard_http_requests_total')
    expect(after).toEqual(before)
    // The app's own routes answer every other path, all under one pattern.
    expect(after).toContain('dashboard_http_requests_total{method="GET",route="/*",status="200"}')
    for (const path of paths) expect(text).not.toContain(path.slice(1))
  })
})
