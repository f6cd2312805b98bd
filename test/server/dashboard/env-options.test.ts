import { describe, expect, it } from 'vitest'
import { DashboardConfigError, dashboardOptionsFromEnv } from '../../../server/dashboard/env.ts'
import { resolveConfig } from '../../../server/sandbox/config.ts'

const service = {
  SERVICE_BASE_URL: 'https://api.example.com',
  SERVICE_CLIENT_ID: 'id',
  SERVICE_CLIENT_SECRET: 'secret',
}

describe('options from the environment', () => {
  it('defaults to port 5173 on loopback, production, with the embedded sandbox', () => {
    const options = dashboardOptionsFromEnv({}, [])
    expect(options).toMatchObject({ port: 5173, host: '127.0.0.1', mode: 'production' })
    expect(options.service).toBeUndefined()
    if (!options.sandbox) throw new Error('no embedded sandbox')
    // The sandbox as its README documents it: port 4010 on loopback, the demo library.
    expect(resolveConfig(options.sandbox)).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      seed: 'demo',
      seedVideos: 2000,
    })
  })

  it('passes SANDBOX_* settings to the embedded sandbox', () => {
    const options = dashboardOptionsFromEnv({ SANDBOX_PORT: '4020', SANDBOX_DB: ':memory:' }, [])
    expect(options.sandbox).toMatchObject({ port: 4020, db: ':memory:' })
  })

  it('reads PORT, DASHBOARD_HOST and --dev', () => {
    const options = dashboardOptionsFromEnv({ PORT: '8080', DASHBOARD_HOST: '0.0.0.0' }, ['--dev'])
    expect(options).toMatchObject({ port: 8080, host: '0.0.0.0', mode: 'development' })
  })

  it('reads LOG_LEVEL (default info) and METRICS_TOKEN, and refuses what they cannot be', () => {
    expect(dashboardOptionsFromEnv({}, []).logLevel).toBe('info')
    expect(dashboardOptionsFromEnv({ LOG_LEVEL: 'WARN' }, []).logLevel).toBe('warn')
    expect(() => dashboardOptionsFromEnv({ LOG_LEVEL: 'verbose' }, [])).toThrow(
      /LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not verbose/,
    )
    const token = 'f'.repeat(16)
    expect(dashboardOptionsFromEnv({ METRICS_TOKEN: token }, []).metricsToken).toBe(token)
    for (const weak of ['short', `${token} x`]) {
      expect(() => dashboardOptionsFromEnv({ METRICS_TOKEN: weak }, [])).toThrow(/METRICS_TOKEN/)
    }
  })

  it('runs the merchandising index, reconciling every INDEX_RECONCILE_MINUTES (default 15)', () => {
    expect(dashboardOptionsFromEnv({}, []).index).toEqual({})
    expect(dashboardOptionsFromEnv({ INDEX_RECONCILE_MINUTES: '5' }, []).index).toEqual({
      reconcileEveryMs: 300_000,
    })
    for (const bad of ['0', '2.5', 'soon', '1441'])
      expect(() => dashboardOptionsFromEnv({ INDEX_RECONCILE_MINUTES: bad }, [])).toThrow(
        /INDEX_RECONCILE_MINUTES must be a whole number of minutes from 1 to 1440/,
      )
  })

  it('uses the service when all three SERVICE_* variables are set', () => {
    const options = dashboardOptionsFromEnv({ ...service, SERVICE_SCOPE: 'videos:read' }, [])
    expect(options.service).toEqual({
      baseUrl: 'https://api.example.com',
      clientId: 'id',
      clientSecret: 'secret',
      scope: 'videos:read',
    })
    expect(options.sandbox).toBeUndefined()
  })

  it('refuses some but not all SERVICE_* variables, naming the missing ones', () => {
    const partial = { SERVICE_BASE_URL: service.SERVICE_BASE_URL, SERVICE_CLIENT_ID: 'id' }
    expect(() => dashboardOptionsFromEnv(partial, [])).toThrow(DashboardConfigError)
    expect(() => dashboardOptionsFromEnv(partial, [])).toThrow(/all three.*SERVICE_CLIENT_SECRET/)
  })

  it('refuses a bad port, a bad base URL and unknown flags', () => {
    expect(() => dashboardOptionsFromEnv({ PORT: 'http' }, [])).toThrow(/PORT/)
    expect(() =>
      dashboardOptionsFromEnv({ ...service, SERVICE_BASE_URL: 'api.example.com' }, []),
    ).toThrow(/SERVICE_BASE_URL/)
    expect(() =>
      dashboardOptionsFromEnv({ ...service, SERVICE_BASE_URL: 'http://api.example.com' }, []),
    ).toThrow(/must use https/)
    expect(
      dashboardOptionsFromEnv({ ...service, SERVICE_BASE_URL: 'http://127.0.0.1:4010' }, []).service
        ?.baseUrl,
    ).toBe('http://127.0.0.1:4010')
    expect(() => dashboardOptionsFromEnv({}, ['--prod'])).toThrow(/--prod/)
  })

  it('reads session lifetimes from SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', () => {
    const minute = 60_000
    expect(dashboardOptionsFromEnv({}, []).sessionLifetimes).toBeUndefined()
    expect(
      dashboardOptionsFromEnv({ SESSION_IDLE_MINUTES: '60', SESSION_MAX_HOURS: '10' }, [])
        .sessionLifetimes,
    ).toEqual({ idleMs: 60 * minute, absoluteMs: 10 * 60 * minute })
    // One alone keeps the other's default: 30 minutes unused, 12 hours in all.
    expect(dashboardOptionsFromEnv({ SESSION_MAX_HOURS: '24' }, []).sessionLifetimes).toEqual({
      idleMs: 30 * minute,
      absoluteMs: 24 * 60 * minute,
    })
    expect(dashboardOptionsFromEnv({ SESSION_IDLE_MINUTES: '15' }, []).sessionLifetimes).toEqual({
      idleMs: 15 * minute,
      absoluteMs: 12 * 60 * minute,
    })
  })

  it('refuses session lifetimes that are not whole, positive or sensible, saying why', () => {
    for (const value of ['abc', '0', '-5', '1.5', '30m', '1441']) {
      expect(() => dashboardOptionsFromEnv({ SESSION_IDLE_MINUTES: value }, [])).toThrow(
        `SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 1440, not ${value}`,
      )
    }
    for (const value of ['twelve', '0', '721', '2.5']) {
      expect(() => dashboardOptionsFromEnv({ SESSION_MAX_HOURS: value }, [])).toThrow(
        `SESSION_MAX_HOURS must be a whole number of hours from 1 to 720 (30 days), not ${value}`,
      )
    }
    expect(() =>
      dashboardOptionsFromEnv({ SESSION_IDLE_MINUTES: '600', SESSION_MAX_HOURS: '8' }, []),
    ).toThrow(/SESSION_IDLE_MINUTES \(600\) is longer than SESSION_MAX_HOURS \(8 hours\)/)
    expect(() => dashboardOptionsFromEnv({ SESSION_IDLE_MINUTES: '1000' }, [])).toThrow(
      /longer than SESSION_MAX_HOURS \(12 hours, the default\)/,
    )
  })
})
