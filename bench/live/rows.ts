import { type Row, timing } from '../reference/figures.ts'
import type { Reference } from '../reference/scale.ts'
import { max, percentile } from '../ui/stats.ts'

export interface LiveFigures {
  events: number
  endToEnd: number[]
  serverSide: number[]
  fanoutEvents: number
  clients: number
  delivery: number[]
  perClientKiB: number
  missing: number
  notShown: number
  early: number
}

/**
 * bench:live's table: the tab's end to end under the browser's reference (its page slowed or
 * scaled), the server's own handling and fan-out under the server's (scaled).
 */
export function liveRows(figures: LiveFigures, browser: Reference, server: Reference): Row[] {
  const { endToEnd, serverSide, delivery } = figures
  return [
    timing(browser, {
      figure: `Webhook sent → painted in a tab, p50 (${figures.events} events)`,
      measured: percentile(endToEnd, 0.5),
      key: 'endToEndP50Ms',
    }),
    timing(browser, {
      figure: 'Webhook sent → painted in a tab, p95',
      measured: percentile(endToEnd, 0.95),
      atMost: 1000,
      goal: '≤ 1 s',
      key: 'endToEndP95Ms',
    }),
    timing(browser, { figure: 'Webhook sent → painted in a tab, max', measured: max(endToEnd) }),
    timing(server, {
      figure: "Server's own handling (sent → SSE frame), p95",
      measured: percentile(serverSide, 0.95),
      atMost: 20,
      key: 'serverP95Ms',
    }),
    {
      figure: 'SSE clients on one server',
      result: String(figures.clients),
      goal: '1,000',
      met: figures.clients >= 1000,
      key: 'sseClients',
      value: figures.clients,
    },
    timing(server, {
      figure: `Delivery to every client, p95 (${figures.fanoutEvents} events)`,
      measured: percentile(delivery, 0.95),
      key: 'sseDeliveryP95Ms',
    }),
    {
      figure: 'Server memory per client',
      result: `${figures.perClientKiB.toFixed(1)} KiB`,
      goal: '',
      met: null,
      key: 'memoryPerClientKiB',
      value: Number(figures.perClientKiB.toFixed(1)),
    },
    {
      figure: 'Deliveries missing after 10 s',
      result: String(figures.missing),
      goal: '0',
      met: figures.missing === 0,
    },
    {
      figure: 'Changes not painted within 5 s',
      result: String(figures.notShown),
      goal: '0',
      met: figures.notShown === 0,
    },
    {
      figure: 'Changes painted before their webhook (left out)',
      result: String(figures.early),
      goal: '',
      met: null,
    },
  ]
}
