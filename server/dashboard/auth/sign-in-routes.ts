import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendError, sendJson } from '../json-response.ts'
import type { Account, Accounts } from './accounts.ts'
import { normalizeEmail } from './accounts.ts'
import { clearSessionCookie, readCookie, sessionCookieName, setSessionCookie } from './cookies.ts'
import { verifyPassword } from './passwords.ts'
import type { FailureLimiter } from './rate-limit.ts'
import { clientAddress, crossSiteRefusal, isHttps, readSmallForm } from './request-checks.ts'
import type { SessionStore } from './sessions.ts'

export interface SignInOptions {
  accounts: Accounts
  sessions: SessionStore
  limits: { account: FailureLimiter; address: FailureLimiter }
  trustProxy: boolean
  /** DASHBOARD_PUBLIC_URL's origin, or null to trust the (already checked) Host header. */
  publicOrigin: string | null
  /** Cookies are Secure (and `__Host-`) over https and on loopback. */
  loopback: boolean
}

export type Principal = Pick<Account, 'id' | 'email' | 'role'> & { sessionId: string }

// One message for a wrong password, an unknown email and a deactivated account, so the answer
// never tells whether an account exists.
const badCredentials = 'The email or password is not right'

export function createSignIn(options: SignInOptions) {
  const secure = (req: IncomingMessage) => options.loopback || isHttps(req, options.trustProxy)
  const originOf = (req: IncomingMessage) =>
    options.publicOrigin ??
    `${isHttps(req, options.trustProxy) ? 'https' : 'http'}://${req.headers.host}`

  async function principalOf(req: IncomingMessage): Promise<Principal | null> {
    const sessionId = readCookie(req, sessionCookieName(secure(req)))
    if (!sessionId) return null
    const session = await options.sessions.get(sessionId)
    if (!session) return null
    const account = await options.accounts.byId(session.accountId)
    if (!account || account.deactivated_at) return null
    return { id: account.id, email: account.email, role: account.role, sessionId }
  }

  async function startSession(req: IncomingMessage, res: ServerResponse, accountId: string) {
    // A new id at every sign-in, so a session id planted before sign-in is worth nothing after.
    const previous = readCookie(req, sessionCookieName(secure(req)))
    if (previous) await options.sessions.delete(previous)
    const maxAgeSeconds = Math.floor(options.sessions.lifetimes.absoluteMs / 1000)
    setSessionCookie(res, secure(req), await options.sessions.create(accountId), maxAgeSeconds)
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const refusal = crossSiteRefusal(req, originOf(req), 'lenient')
    if (refusal) return sendError(res, 403, refusal)
    const form = await readSmallForm(req)
    const email = typeof form?.email === 'string' ? normalizeEmail(form.email) : ''
    const password = typeof form?.password === 'string' ? form.password : ''
    if (!email || !password) return sendError(res, 400, 'Give an email and a password')
    const address = clientAddress(req, options.trustProxy)
    const wait = Math.max(
      await options.limits.account.blockedFor(email),
      await options.limits.address.blockedFor(address),
    )
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000)
      return sendError(
        res,
        429,
        `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'Retry-After': String(Math.ceil(wait / 1000)) },
      )
    }
    const account = await options.accounts.byEmailWithHash(email)
    const valid = await verifyPassword(password, account?.password_hash ?? null)
    if (!account || !valid || account.deactivated_at) {
      await Promise.all([
        options.limits.account.recordFailure(email),
        options.limits.address.recordFailure(address),
      ])
      return sendError(res, 401, badCredentials)
    }
    await options.limits.account.reset(email)
    await startSession(req, res, account.id)
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
      return
    }
    res.writeHead(303, { Location: localPath(form?.next), 'Cache-Control': 'no-store' }).end()
  }

  async function signOut(req: IncomingMessage, res: ServerResponse, everywhere: boolean) {
    const principal = await principalOf(req)
    if (principal) {
      if (everywhere) await options.sessions.deleteAllFor(principal.id)
      else await options.sessions.delete(principal.sessionId)
    }
    clearSessionCookie(res, secure(req))
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
  }

  async function me(req: IncomingMessage, res: ServerResponse) {
    const principal = await principalOf(req)
    if (!principal) return sendError(res, 401, 'Sign in to use the dashboard')
    const { sessionId: _, ...visible } = principal
    sendJson(res, 200, visible)
  }

  return { principalOf, startSession, signIn, signOut, me, originOf }
}

export type SignIn = ReturnType<typeof createSignIn>

/** Only a path on this site: never an absolute or protocol-relative address (an open redirect). */
export function localPath(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : '/'
}
