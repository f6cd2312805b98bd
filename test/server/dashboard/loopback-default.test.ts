import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { isLoopbackHost } from '../../../server/dashboard/request-guard.ts'
import { exposureWarning } from '../../../server/dashboard/start.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'

const running = dashboardWithFakeService('file', { host: undefined })

/** This machine's first address other networks can reach, if it has one. */
function externalIPv4(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('the listening address', () => {
  it('is the loopback address unless told otherwise', async () => {
    const url = new URL(running.dashboard.url)
    expect(url.hostname).toBe('127.0.0.1')
    const port = Number(url.port)
    expect(await canConnect('127.0.0.1', port)).toBe(true)
    const external = externalIPv4()
    if (external) expect(await canConnect(external, port)).toBe(false)
  })

  it('logs no exposure warning on loopback', () => {
    expect(running.dashboard.logs.join('\n')).not.toContain('WARNING')
  })

  it('tells loopback from reachable addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true)
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'dashboard.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false)
    }
  })

  it('warns that anyone reaching a non-loopback address acts for the business', () => {
    expect(exposureWarning('0.0.0.0')).toMatch(/0\.0\.0\.0[\s\S]*full authority/)
  })
})
