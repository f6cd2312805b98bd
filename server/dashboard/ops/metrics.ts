import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { UpstreamObserver } from '../forwarding/api-forwarder.ts'

/** Seconds: from a cached answer (milliseconds) to a slow service call or upload. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * Every metric one dashboard exposes at `/metrics`, in a registry of its own (two dashboards in
 * one process never share a series). Labels take only bounded values: route patterns, never
 * paths.
 */
export function createMetrics(sources: { sseClients: () => number }) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: 'dashboard_http_requests_total',
      help: 'Requests answered, by method, route pattern and status (499: the client went away).',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'dashboard_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer ending, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: latencyBuckets,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'dashboard_upstream_request_duration_seconds',
      help: 'Time until the video service answered a forwarded request with its headers, by outcome (2xx to 5xx, timeout, unreachable).',
      labelNames: ['outcome'] as const,
      buckets: latencyBuckets,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'dashboard_upstream_errors_total',
      help: 'Forwarded requests the video service failed or refused, by kind: timeout, unreachable, 4xx, 5xx.',
      labelNames: ['kind'] as const,
      registers,
    }),
    tokenRefreshes: new Counter({
      name: 'dashboard_service_token_refreshes_total',
      help: 'Token requests sent to the video service.',
      registers,
    }),
    tokenRefreshFailures: new Counter({
      name: 'dashboard_service_token_refresh_failures_total',
      help: 'Token requests that brought no token.',
      registers,
    }),
    webhooksReceived: new Counter({
      name: 'dashboard_webhooks_received_total',
      help: 'Webhook deliveries accepted (202).',
      registers,
    }),
    webhooksRefused: new Counter({
      name: 'dashboard_webhooks_refused_total',
      help: 'Webhook deliveries refused, by status.',
      labelNames: ['status'] as const,
      registers,
    }),
    webhooksDuplicate: new Counter({
      name: 'dashboard_webhooks_duplicate_total',
      help: 'Webhook deliveries accepted but not applied: their event was seen before.',
      registers,
    }),
    webhooksUnreadable: new Counter({
      name: 'dashboard_webhooks_unreadable_total',
      help: 'Signed webhook events that name a video but do not match the contract (a field missing or of another type): accepted, and the video read again from the service.',
      registers,
    }),
    signInFailures: new Counter({
      name: 'dashboard_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong email or password.',
      registers,
    }),
    signInLimited: new Counter({
      name: 'dashboard_sign_in_limited_total',
      help: 'Sign-ins refused because a limit on failures was reached (429).',
      registers,
    }),
    serverRenders: new Counter({
      name: 'dashboard_server_renders_total',
      help: 'Signed-in library pages, by how they were answered: rendered on the server, left to the browser (the render failed or passed its deadline, or the route did not load), or left to the browser because the server was busy with other renders.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    sseClients: new Gauge({
      name: 'dashboard_sse_clients',
      help: 'Open live-update streams (GET /events).',
      registers,
      collect() {
        this.set(sources.sseClients())
      },
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/** The forwarder's report of each request to the service, as metrics. */
export const observeUpstream = (metrics: Metrics): UpstreamObserver => ({
  answered(status, seconds) {
    const outcome = `${Math.floor(status / 100)}xx`
    metrics.upstreamDuration.observe({ outcome }, seconds)
    if (status >= 400) metrics.upstreamErrors.inc({ kind: outcome })
  },
  failed(kind, seconds) {
    metrics.upstreamDuration.observe({ outcome: kind }, seconds)
    metrics.upstreamErrors.inc({ kind })
  },
})
