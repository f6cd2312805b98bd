import { isRole, type Role, roleAllows, roles } from '../../../src/api/roles.ts'
import { DashboardConfigError } from '../config-error.ts'
import { isLoopbackHost } from '../http/host-check.ts'

/** Sign-in through an OpenID Connect provider (authorization code with PKCE). */
export interface OidcOptions {
  /** `OIDC_ISSUER`: the provider's issuer identifier; its discovery document is read from it. */
  issuer: string
  clientId: string
  /** Never leaves the server: sent only to the provider's token endpoint. */
  clientSecret: string
  /**
   * `OIDC_ROLE_MAP`: a value of the role claim → the role it gives; `*` is the role of anyone
   * matching nothing (without it they are refused). The highest role matched wins.
   */
  roleMap: Readonly<Record<string, Role>>
  /** `OIDC_ROLE_CLAIM`: the claim holding groups or roles; default `groups`. */
  roleClaim?: string
  /** `OIDC_NAME`: shown on the button, "Sign in with …"; default "your company account". */
  name?: string
  /** `OIDC_SCOPE`: default `openid email`; some providers release groups only for a scope. */
  scope?: string
}

export const defaultOidcName = 'your company account'
const required = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const
const optional = ['OIDC_ROLE_MAP', 'OIDC_ROLE_CLAIM', 'OIDC_NAME', 'OIDC_SCOPE'] as const

/** The OIDC_* variables, or undefined when none is set. */
export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcOptions | undefined {
  const missing = required.filter((name) => !env[name])
  if (missing.length === required.length) {
    const stray = optional.filter((name) => env[name])
    if (stray.length > 0) {
      throw new DashboardConfigError(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set, but sign-in through an OpenID provider needs ${required.join(', ')} as well`,
      )
    }
    return undefined
  }
  if (missing.length > 0) {
    throw new DashboardConfigError(
      `${required.join(', ')} go together: set all three to sign in through an OpenID provider, or none. Missing: ${missing.join(', ')}`,
    )
  }
  if (!env.OIDC_ROLE_MAP) {
    throw new DashboardConfigError(
      'OIDC_ROLE_MAP is needed with OIDC_ISSUER: which values of the role claim give which role, such as marketing-admins=admin,marketing=editor (add *=viewer to let in anyone the provider vouches for)',
    )
  }
  const scope = (env.OIDC_SCOPE ?? 'openid email').trim().split(/\s+/)
  if (!scope.includes('openid')) {
    throw new DashboardConfigError(`OIDC_SCOPE must include openid, not ${env.OIDC_SCOPE}`)
  }
  const roleClaim = env.OIDC_ROLE_CLAIM?.trim() || 'groups'
  if (!/^[\w.:/-]{1,200}$/.test(roleClaim)) {
    throw new DashboardConfigError(`OIDC_ROLE_CLAIM must be a claim name, not ${roleClaim}`)
  }
  const name = env.OIDC_NAME?.trim() || defaultOidcName
  if (name.length > 60) {
    throw new DashboardConfigError('OIDC_NAME is shown on a button: at most 60 characters')
  }
  return {
    issuer: issuerUrl(env.OIDC_ISSUER ?? ''),
    clientId: env.OIDC_CLIENT_ID ?? '',
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    roleMap: parseRoleMap(env.OIDC_ROLE_MAP),
    roleClaim,
    name,
    scope: scope.join(' '),
  }
}

function issuerUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new DashboardConfigError(
      `OIDC_ISSUER must be the provider's issuer URL, such as https://login.example.com/realms/staff, not ${value}`,
    )
  }
  // The client secret and the codes travel to the provider: only https, or this machine.
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw new DashboardConfigError(
      `OIDC_ISSUER must use https (the client secret travels to it); plain http is only for a provider on this machine, not ${value}`,
    )
  }
  return value
}

/**
 * `claim-value=role` entries separated by commas, such as `marketing-admins=admin,*=viewer`; the
 * value may itself hold `=` (the role is after the last one). Unknown roles, empty entries and a
 * value given twice are refused.
 */
export function parseRoleMap(text: string): Record<string, Role> {
  const map: Record<string, Role> = Object.create(null)
  for (const entry of text.split(',')) {
    const at = entry.lastIndexOf('=')
    const value = entry.slice(0, Math.max(at, 0)).trim()
    const role = entry.slice(at + 1).trim()
    if (at <= 0 || !value) {
      throw new DashboardConfigError(
        `OIDC_ROLE_MAP lists value=role entries separated by commas, such as marketing=editor,*=viewer; "${entry.trim()}" is not one`,
      )
    }
    if (!isRole(role)) {
      throw new DashboardConfigError(
        `OIDC_ROLE_MAP gives ${value} the role "${role}"; the roles are ${roles.join(', ')}`,
      )
    }
    if (Object.hasOwn(map, value)) {
      throw new DashboardConfigError(`OIDC_ROLE_MAP names ${value} twice`)
    }
    map[value] = role
  }
  return map
}

/**
 * The role the claim's value (a string, or a list such as groups) gives: the highest of the
 * values the map names, else the map's `*`, else null (refused).
 */
export function roleFromClaim(map: Readonly<Record<string, Role>>, claim: unknown): Role | null {
  const values = (Array.isArray(claim) ? claim : [claim]).filter(
    (value): value is string => typeof value === 'string' && value !== '*',
  )
  const matched = values.flatMap((value) => (Object.hasOwn(map, value) ? [map[value] as Role] : []))
  if (matched.length === 0) return Object.hasOwn(map, '*') ? (map['*'] as Role) : null
  return matched.reduce((best, role) => (roleAllows(role, best) ? role : best))
}
