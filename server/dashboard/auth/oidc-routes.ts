import type { IncomingMessage, ServerResponse } from 'node:http'
import * as client from 'openid-client'
import { localPath } from '../../../src/api/local-path.ts'
import { sendJson } from '../http/json-response.ts'
import type { Account, Accounts } from './accounts.ts'
import type { AuditLog } from './audit-log.ts'
import { defaultOidcName, type OidcOptions, roleFromClaim } from './oidc-config.ts'
import { createFlowCookie } from './oidc-flow-cookie.ts'
import type { SignIn } from './sign-in-routes.ts'

export interface OidcRouteOptions {
  oidc: OidcOptions | undefined
  accounts: Accounts
  audit: AuditLog
  signIn: SignIn
  trustProxy: boolean
  loopback: boolean
  log: (message: string, fields?: Record<string, unknown>) => void
}

/** Why a sign-in through the provider ended on the sign-in page; the app words each one. */
type Refusal =
  | 'denied'
  | 'expired'
  | 'state'
  | 'failed'
  | 'email'
  | 'no-role'
  | 'deactivated'
  | 'linked'
  | 'unverified'
  | 'unavailable'

class SignInRefused extends Error {
  constructor(readonly code: Refusal) {
    super(code)
  }
}

const callbackPath = '/auth/oidc/callback'

/**
 * `GET /auth/providers`, `GET /auth/oidc/start?next=` and `GET /auth/oidc/callback`. The
 * provider's discovery document is read on first use and kept; a failed read is retried on the
 * next sign-in. The account is found by the provider's subject, else by an email the provider
 * says is verified (linking the subject), else created; its role is set from the provider's claim
 * at every sign-in, so the provider's groups stay the truth and a change there applies at the next
 * sign-in, except that the last admin is never demoted.
 */
export function createOidcRoutes(options: OidcRouteOptions) {
  const { oidc, accounts, signIn, log } = options
  const name = oidc?.name ?? defaultOidcName
  const flows = oidc ? createFlowCookie(oidc.clientSecret) : null
  const { secure } = signIn
  const redirectUri = (req: IncomingMessage) => `${signIn.originOf(req)}${callbackPath}`
  let discovered: Promise<client.Configuration> | undefined

  function configuration(settings: OidcOptions): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer)
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          // Plain http only for a provider on this machine (checked with the configuration).
          execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        discovered = undefined
        throw error
      })
    return discovered
  }

  function toSignInPage(res: ServerResponse, code: Refusal, next: string) {
    const search = new URLSearchParams({ error: code })
    if (next !== '/') search.set('redirect', next)
    res.writeHead(303, { Location: `/sign-in?${search}`, 'Cache-Control': 'no-store' }).end()
  }

  function providers(_req: IncomingMessage, res: ServerResponse) {
    sendJson(res, 200, { oidc: oidc ? { name } : null })
  }

  async function start(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!oidc || !flows) return sendJson(res, 404, { error: 'Not found' })
    const next = localPath(url.searchParams.get('next'), signIn.originOf(req))
    let config: client.Configuration
    try {
      config = await configuration(oidc)
    } catch (error) {
      log('oidc: the provider cannot be discovered', {
        issuer: oidc.issuer,
        error: describe(error),
      })
      return toSignInPage(res, 'unavailable', next)
    }
    const verifier = client.randomPKCECodeVerifier()
    const flow = { verifier, state: client.randomState(), nonce: client.randomNonce(), next }
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(req),
      scope: oidc.scope ?? 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    })
    flows.set(res, secure(req), flow)
    res.writeHead(302, { Location: location.href, 'Cache-Control': 'no-store' }).end()
  }

  async function callback(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!oidc || !flows) return sendJson(res, 404, { error: 'Not found' })
    const flow = flows.take(req, res, secure(req))
    const next = flow?.next ?? '/'
    try {
      if (url.searchParams.has('error')) {
        // The provider's words come through the browser: a field, never part of the message.
        log('oidc: the provider answered with an error', {
          providerError: url.searchParams.get('error')?.slice(0, 200),
        })
        throw new SignInRefused(
          url.searchParams.get('error') === 'access_denied' ? 'denied' : 'failed',
        )
      }
      if (!flow) throw new SignInRefused('expired')
      if (url.searchParams.get('state') !== flow.state) throw new SignInRefused('state')
      const account = await accountFor(oidc, await claimsOf(oidc, req, url, flow))
      await signIn.startSession(req, res, account.id)
      res
        .writeHead(303, {
          Location: localPath(next, signIn.originOf(req)),
          'Cache-Control': 'no-store',
        })
        .end()
    } catch (error) {
      if (error instanceof SignInRefused) return toSignInPage(res, error.code, next)
      log('oidc: sign-in failed', { error: describe(error) })
      toSignInPage(res, unreachable(error) ? 'unavailable' : 'failed', next)
    }
  }

  /** The code exchanged (PKCE verifier, client secret); the ID token checked, userinfo added. */
  async function claimsOf(
    settings: OidcOptions,
    req: IncomingMessage,
    url: URL,
    flow: { verifier: string; state: string; nonce: string },
  ): Promise<Record<string, unknown>> {
    const config = await configuration(settings)
    const current = new URL(redirectUri(req))
    current.search = url.search
    // Issuer, audience, nonce and state are checked here.
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    const idToken = tokens.claims()
    if (!idToken) throw new SignInRefused('failed')
    const roleClaim = settings.roleClaim ?? 'groups'
    // Many providers put email and groups only in userinfo: asked for when the ID token lacks them.
    const complete = idToken.email !== undefined && idToken[roleClaim] !== undefined
    if (complete || !config.serverMetadata().userinfo_endpoint) return idToken
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
    return { ...userinfo, ...idToken }
  }

  async function accountFor(settings: OidcOptions, claims: Record<string, unknown>) {
    const subject = claims.sub
    const email = claims.email
    if (typeof subject !== 'string' || !subject) throw new SignInRefused('failed')
    const unverified = claims.email_verified === false || claims.email_verified === 'false'
    if (typeof email !== 'string' || !email.includes('@') || unverified) {
      throw new SignInRefused('email')
    }
    const role = roleFromClaim(settings.roleMap, claims[settings.roleClaim ?? 'groups'])
    if (!role) {
      log('oidc: refused, the email matches no entry of OIDC_ROLE_MAP and there is no *', { email })
      throw new SignInRefused('no-role')
    }
    let account: Account | undefined = await accounts.bySubject(subject)
    if (!account) {
      const byEmail = await accounts.byEmailWithHash(email)
      // Only the provider's word that the address is this person's may hand them an account
      // someone else made: anything but a boolean true (absent, "true") is not that word.
      if (byEmail && claims.email_verified !== true) {
        await record(byEmail, 'dashboard.oidcLinkAccount', 403)
        throw new SignInRefused('unverified')
      }
      if (byEmail?.oidc_subject) throw new SignInRefused('linked')
      if (byEmail?.deactivated_at) throw new SignInRefused('deactivated')
      if (byEmail) {
        account = await accounts.update(byEmail.id, { oidcSubject: subject })
        if (account) await record(account, 'dashboard.oidcLinkAccount', 200)
      } else {
        account = await accounts.create({ email, role, oidcSubject: subject })
        await record(account, 'dashboard.oidcCreateAccount', 201)
      }
      if (!account) throw new SignInRefused('failed')
    }
    if (account.deactivated_at) throw new SignInRefused('deactivated')
    if (account.role !== role) {
      const outcome = await accounts.changeAuthority(account.id, { role })
      if ('account' in outcome) {
        account = outcome.account
        await record(account, 'dashboard.oidcUpdateRole', 200)
      } else if (outcome.refused === 'last-admin') {
        // Signing in must not leave the dashboard without an admin: the role stays until another
        // admin exists, as when an admin demotes the last one.
        await record(account, 'dashboard.oidcUpdateRole', 409)
        log(
          "oidc: the last admin kept admin until another admin exists, whatever the provider's groups say",
          {
            email: account.email,
            providerRole: role,
          },
        )
      } else throw new SignInRefused('failed')
    }
    return account
  }

  const record = (account: Account, operation: string, status: number) =>
    options.audit.record({
      account_id: account.id,
      account_email: account.email,
      operation,
      method: 'GET',
      path: callbackPath,
      status,
    })

  return { providers, start, callback }
}

export type OidcRoutes = ReturnType<typeof createOidcRoutes>

/** A provider that did not answer (refused connection, timeout), as opposed to one that refused. */
function unreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true
    if (cause instanceof TypeError && cause.message === 'fetch failed') return true
  }
  return false
}

function describe(error: unknown): string {
  const parts: string[] = []
  for (let cause = error; cause instanceof Error && parts.length < 4; cause = cause.cause)
    parts.push(cause.message)
  return parts.length > 0 ? parts.join(': ') : String(error)
}
