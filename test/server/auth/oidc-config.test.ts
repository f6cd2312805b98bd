import { describe, expect, it } from 'vitest'
import { parseRoleMap, roleFromClaim } from '../../../server/dashboard/auth/oidc-config.ts'
import { DashboardConfigError, dashboardOptionsFromEnv } from '../../../server/dashboard/env.ts'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'

const oidc = {
  OIDC_ISSUER: 'https://login.example.com/realms/staff',
  OIDC_CLIENT_ID: 'dashboard',
  OIDC_CLIENT_SECRET: 'a client secret',
  OIDC_ROLE_MAP: 'marketing-admins=admin,marketing=editor,*=viewer',
}
const fromEnv = (env: Record<string, string>) => dashboardOptionsFromEnv(env, []).oidc

describe('OIDC_* variables', () => {
  it('are all optional together: none means password sign-in only', () => {
    expect(fromEnv({})).toBeUndefined()
  })

  it('read the issuer, client, role map and defaults', () => {
    expect(fromEnv(oidc)).toEqual({
      issuer: oidc.OIDC_ISSUER,
      clientId: 'dashboard',
      clientSecret: 'a client secret',
      roleMap: { 'marketing-admins': 'admin', marketing: 'editor', '*': 'viewer' },
      roleClaim: 'groups',
      name: 'your company account',
      scope: 'openid email',
    })
    expect(
      fromEnv({
        ...oidc,
        OIDC_ROLE_CLAIM: 'roles',
        OIDC_NAME: 'Okta',
        OIDC_SCOPE: 'openid groups',
      }),
    ).toMatchObject({ roleClaim: 'roles', name: 'Okta', scope: 'openid groups' })
  })

  it('refuse some but not all of issuer, client id and secret, naming the missing ones', () => {
    const partial = { OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_ROLE_MAP: oidc.OIDC_ROLE_MAP }
    expect(() => fromEnv(partial)).toThrow(DashboardConfigError)
    expect(() => fromEnv(partial)).toThrow(/Missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET$/)
    expect(() => fromEnv({ OIDC_ROLE_MAP: '*=viewer' })).toThrow(
      /OIDC_ROLE_MAP is set.*OIDC_ISSUER/,
    )
  })

  it('refuse a missing role map, an unknown role and a plain-http issuer elsewhere', () => {
    const { OIDC_ROLE_MAP: _, ...noMap } = oidc
    expect(() => fromEnv(noMap)).toThrow(/OIDC_ROLE_MAP is needed/)
    expect(() => fromEnv({ ...oidc, OIDC_ROLE_MAP: 'marketing=owner' })).toThrow(
      /"owner"; the roles are viewer, editor, admin/,
    )
    expect(() => fromEnv({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toThrow(/https/)
    expect(fromEnv({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' })?.issuer).toBe(
      'http://127.0.0.1:9000',
    )
    expect(() => fromEnv({ ...oidc, OIDC_SCOPE: 'email' })).toThrow(/openid/)
  })
})

describe('the role map', () => {
  it('is parsed strictly', () => {
    expect(parseRoleMap(' a = admin , CN=x=viewer ')).toEqual({ a: 'admin', 'CN=x': 'viewer' })
    for (const bad of ['', 'marketing', '=admin', 'a=admin,,b=viewer', 'a=admin,a=viewer'])
      expect(() => parseRoleMap(bad), bad).toThrow(DashboardConfigError)
  })

  it('gives the highest role matched, else *, else nobody', () => {
    const map = parseRoleMap('marketing-admins=admin,marketing=editor')
    expect(roleFromClaim(map, ['staff', 'marketing'])).toBe('editor')
    expect(roleFromClaim(map, ['marketing-admins', 'marketing'])).toBe('admin')
    expect(roleFromClaim(map, 'marketing')).toBe('editor')
    expect(roleFromClaim(map, ['sales'])).toBeNull()
    expect(roleFromClaim(map, undefined)).toBeNull()
    expect(roleFromClaim(map, ['*', 'constructor', '__proto__'])).toBeNull()
    expect(roleFromClaim(parseRoleMap('marketing=editor,*=viewer'), ['sales'])).toBe('viewer')
  })
})

describe('without a provider', () => {
  const running = dashboardWithFakeService('file')

  it('offers none, and its routes do not exist', async () => {
    const providers = await fetch(`${running.dashboard.url}/auth/providers`)
    expect(await providers.json()).toEqual({ oidc: null })
    const start = await fetch(`${running.dashboard.url}/auth/oidc/start`, { redirect: 'manual' })
    expect(start.status).toBe(404)
  })
})
