import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { localPath } from '../../../src/api/local-path.ts'
import type { AuditNote } from '../http/context.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import type { Account, Accounts } from './accounts.ts'
import { normalizeEmail } from './accounts.ts'
import { clearSessionCookie, readCookie, sessionCookieName, setSessionCookie } from './cookies.ts'
import { createPasswordCheckQueue, type PasswordCheckQueue } from './password-check-queue.ts'
import { needsRehash, verifyPassword } from './passwords.ts'
import type { SignInLimiter } from './rate-limit.ts'
import { clientAddress, isHttps, readSmallForm, secureCookies } from './request-checks.ts'
import type { SessionStore } from './sessions.ts'
import { accountDelayMs, addressKey, attemptKeys } from './sign-in-rules.ts'

/** How sign-in attempts are paced. Every field has a default; tests and benchmarks set them. */
export interface SignInThrottle {
  /** The queue password checks wait in (`createPasswordCheckQueue()`). */
  queue?: PasswordCheckQueue
  /** Checks a password against its stored hash, or the decoy for null (argon2id, `passwords.ts`). */
  verifyPassword?: (password: string, stored: string | null) => Promise<boolean>
  /** Told the normalised email of every password check as it starts (tests, `bench:auth`). */
  onPasswordCheck?: (email: string) => void
  /** Waits out an account's progressive delay (a timer). */
  wait?: (ms: number) => Promise<void>
}

export interface SignInOptions {
  accounts: Accounts
  sessions: SessionStore
  limits: SignInLimiter
  throttle?: SignInThrottle
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
const malformedSignIn =
  'Give your email address (such as name@example.com, at most 254 characters) and your password'
/** Something before and after an @, no spaces, at most 254 characters (RFC 5321's limit). */
const isEmailShaped = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email)
// A full queue drains one check at a time per address, 8 of them in about 1 s.
const busyRetryAfterSeconds = 5

const queueFull = (res: ServerResponse, what: 'sign-ins' | 'passwords') =>
  sendError(
    res,
    503,
    `Too many ${what} are being checked right now. Try again in ${busyRetryAfterSeconds} seconds.`,
    { 'Retry-After': String(busyRetryAfterSeconds) },
  )

function tooManyFailures(res: ServerResponse, waitMs: number, what = 'failed sign-ins') {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  const minutes = Math.ceil(seconds / 60)
  const when =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`
  sendError(res, 429, `Too many ${what}. Try again in ${when}.`, {
    'Retry-After': String(seconds),
  })
}

export function createSignIn(options: SignInOptions) {
  const checks = options.throttle?.queue ?? createPasswordCheckQueue()
  const verify = options.throttle?.verifyPassword ?? verifyPassword
  const wait = options.throttle?.wait ?? ((ms: number) => sleep(ms).then(() => {}))
  const secure = secureCookies(options)
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

  /** `note` tells the audit trail how the attempt ended, and for whom. */
  async function signIn(
    req: IncomingMessage,
    res: ServerResponse,
    note: (entry: AuditNote) => void = () => {},
  ) {
    const form = await readSmallForm(req)
    const email = typeof form?.email === 'string' ? normalizeEmail(form.email) : ''
    const password = typeof form?.password === 'string' ? form.password : ''
    // A malformed email is no attempt: neither counted nor logged, so it cannot fill either.
    if (!isEmailShaped(email) || !password) return sendError(res, 400, malformedSignIn)
    // Counted before the hash: of a burst sent at once, only the attempts left are checked.
    const keys = attemptKeys(email, clientAddress(req, options.trustProxy))
    const admission = await options.limits.admit(keys)
    const account = await options.accounts.byEmailWithHash(email)
    const actor = { id: account?.id ?? '', email }
    if (!admission.admitted) {
      // Once limited, a client may try any number of addresses: its refusals are one row a minute.
      note({ operation: 'dashboard.signInLimited', actor, summarise: keys.address })
      return tooManyFailures(res, admission.retryAfterMs)
    }
    const delay = accountDelayMs(admission.accountAttempts)
    if (delay > 0) await wait(delay)
    // An unknown email is checked against the decoy in the same queue, so it takes as long.
    const checked = checks.run(keys.address, async () => {
      options.throttle?.onPasswordCheck?.(email)
      const stored = account?.password_hash ?? null
      const valid = await verify(password, stored)
      // A hash made with an older setting is replaced while the password is at hand.
      if (valid && account && stored && needsRehash(stored))
        await options.accounts.update(account.id, { password })
      return valid
    })
    if (!checked) {
      await options.limits.release(keys)
      return queueFull(res, 'sign-ins')
    }
    const valid = await checked
    if (!account || !valid || account.deactivated_at) {
      note({ operation: 'dashboard.signInFailed', actor })
      return sendError(res, 401, badCredentials)
    }
    note({ operation: 'dashboard.signIn', actor })
    await options.limits.succeeded(keys)
    await startSession(req, res, account.id)
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
      return
    }
    res
      .writeHead(303, {
        Location: localPath(form?.next, originOf(req)),
        'Cache-Control': 'no-store',
      })
      .end()
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

  /**
   * Password work other than signing in (changing one, a reset, an accepted invitation) hashes
   * too: it waits in the client address's turn of the same queue, so the bound on hashes holds
   * for all of them. False when the queue is full, answered 503.
   */
  async function inPasswordTurn(
    req: IncomingMessage,
    res: ServerResponse,
    work: () => Promise<void>,
  ): Promise<boolean> {
    const turn = checks.run(addressKey(clientAddress(req, options.trustProxy)), work)
    if (!turn) queueFull(res, 'passwords')
    else await turn
    return turn !== null
  }

  /**
   * Checks a signed-in person's password (the current one, before a change) as a sign-in is
   * checked: counted by the same limits (429 once they are used up), after the account's delay,
   * in the address's turn of the queue (503 when full); `onValid` runs in that turn. Null when
   * answered here; otherwise whether it was right and the failures now counted on the account
   * from this address.
   */
  async function checkPassword(
    req: IncomingMessage,
    res: ServerResponse,
    account: { email: string; passwordHash: string },
    password: string,
    onValid: () => Promise<void>,
  ): Promise<{ valid: boolean; failures: number } | null> {
    const keys = attemptKeys(account.email, clientAddress(req, options.trustProxy))
    const admission = await options.limits.admit(keys)
    if (!admission.admitted) {
      tooManyFailures(res, admission.retryAfterMs, 'wrong passwords')
      return null
    }
    const delay = accountDelayMs(admission.accountAttempts)
    if (delay > 0) await wait(delay)
    const checked = checks.run(keys.address, async () => {
      const valid = await verify(password, account.passwordHash)
      if (valid) await onValid()
      return valid
    })
    if (!checked) {
      await options.limits.release(keys)
      queueFull(res, 'passwords')
      return null
    }
    if (await checked) {
      await options.limits.succeeded(keys)
      return { valid: true, failures: 0 }
    }
    return { valid: false, failures: admission.pairAttempts + 1 }
  }

  return {
    principalOf,
    startSession,
    signIn,
    signOut,
    me,
    originOf,
    secure,
    inPasswordTurn,
    checkPassword,
  }
}

export type SignIn = ReturnType<typeof createSignIn>
