import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendError, sendJson } from '../http/json-response.ts'
import type { Account, Accounts } from './accounts.ts'
import type { AuditLog } from './audit-log.ts'
import { clearSessionCookie } from './cookies.ts'
import { tokenFrom } from './one-time-tokens.ts'
import type { PasswordResets } from './password-resets.ts'
import { readSmallForm } from './request-checks.ts'
import type { SessionStore } from './sessions.ts'
import type { Principal, SignIn } from './sign-in-routes.ts'
import { signInRules } from './sign-in-rules.ts'

export interface PasswordRouteOptions {
  accounts: Accounts
  resets: PasswordResets
  audit: AuditLog
  sessions: SessionStore
  signIn: SignIn
}

const minimumLength = 12
const invalidLink = 'This reset link is not valid any more: ask an admin for a new one'
const text = (value: unknown) => (typeof value === 'string' ? value : '')
// Whoever guesses at the current password of an open session (a borrowed laptop, a stolen
// cookie) gets as many guesses as a sign-in from their address, and then loses the session.
const wrongGuesses = signInRules.pair.attempts
const signedOutAfterGuesses = `Your current password was not right ${wrongGuesses} times, so you have been signed out. Sign in again in ${Math.ceil(signInRules.pair.windowMs / 60_000)} minutes.`

/**
 * Changing one's own password (signed in, the current one required) and reset links: an admin
 * makes a one-time link, the person holding it chooses a new password. Either way the account's
 * other sessions end. Accounts without a password of their own (company sign-in only) keep it so:
 * their provider decides who gets in, and a password would be a second way in it cannot close.
 */
export function createPasswordRoutes(options: PasswordRouteOptions) {
  const { accounts, resets, audit, sessions, signIn } = options
  const record = (
    who: { id: string; email: string },
    operation: string,
    path: string,
    status: number,
  ) =>
    audit.record({
      account_id: who.id,
      account_email: who.email,
      operation,
      method: 'POST',
      path,
      status,
    })

  async function changePassword(req: IncomingMessage, res: ServerResponse) {
    const principal = await signIn.principalOf(req)
    if (!principal) return sendError(res, 401, 'Sign in to use the dashboard')
    const body = await readSmallForm(req)
    const current = text(body?.currentPassword)
    const next = text(body?.newPassword)
    if (next.length < minimumLength)
      return sendError(res, 400, `Choose a new password of at least ${minimumLength} characters`)
    const stored = (await accounts.byEmailWithHash(principal.email))?.password_hash ?? null
    if (!stored) {
      return sendError(
        res,
        409,
        'You sign in with your company account, so there is no password here to change: change it with your company',
      )
    }
    if (next === current)
      return sendError(res, 400, 'Choose a new password different from your current one')
    const checked = await signIn.checkPassword(
      req,
      res,
      { email: principal.email, passwordHash: stored },
      current,
      async () => {
        await accounts.update(principal.id, { password: next })
      },
    )
    if (!checked) return
    // Only signed-in people get here, and each refusal is in the audit log for admins to see.
    if (!checked.valid && checked.failures >= wrongGuesses) {
      await sessions.delete(principal.sessionId)
      clearSessionCookie(res, signIn.secure(req))
      await record(principal, 'dashboard.changePassword', '/auth/password', 401)
      return sendError(res, 401, signedOutAfterGuesses)
    }
    if (!checked.valid) {
      await record(principal, 'dashboard.changePassword', '/auth/password', 403)
      return sendError(
        res,
        403,
        'Your current password is not right: nothing was changed. Type it again.',
      )
    }
    await sessions.deleteAllFor(principal.id, principal.sessionId)
    await resets.cancelFor(principal.id)
    await record(principal, 'dashboard.changePassword', '/auth/password', 204)
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
  }

  /** For an admin (checked by the caller): a reset link for the account `id`. */
  async function createResetLink(
    admin: Principal,
    id: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const path = `/auth/accounts/${id}/reset-link`
    const refuse = async (status: number, message: string) => {
      await record(admin, 'dashboard.createResetLink', path, status)
      sendError(res, status, message)
    }
    const target = await accounts.byId(id)
    if (!target) return refuse(404, 'No such account')
    if (target.deactivated_at)
      return refuse(409, `Reactivate ${target.email} first: a deactivated account cannot sign in`)
    if (!(await accounts.byEmailWithHash(target.email))?.password_hash) {
      return refuse(
        409,
        `${target.email} signs in with a company account only, so there is no password to reset`,
      )
    }
    const link = await resets.create({ accountId: id, createdBy: admin.id })
    await record(admin, 'dashboard.createResetLink', path, 201)
    sendJson(res, 201, {
      email: target.email,
      expiresAt: link.expiresAt,
      // In the fragment, like invitations: browsers never send it to a server or in Referer.
      link: `${signIn.originOf(req)}/reset-password#${link.token}`,
    })
  }

  /** Whose password a link resets, for the page that uses it; the token comes in the body. */
  async function readResetLink(req: IncomingMessage, res: ServerResponse) {
    const link = await resets.find(tokenFrom(await readSmallForm(req)))
    const account = link && (await accounts.byId(link.accountId))
    if (!link || !account || account.deactivated_at) return sendError(res, 404, invalidLink)
    sendJson(res, 200, { email: account.email, expiresAt: link.expiresAt })
  }

  async function redeemResetLink(req: IncomingMessage, res: ServerResponse) {
    const body = await readSmallForm(req)
    const password = text(body?.password)
    if (password.length < minimumLength)
      return sendError(res, 400, `Choose a password of at least ${minimumLength} characters`)
    // The link is spent in the same turn as the hash: a full queue leaves it usable.
    let account: Account | undefined
    const ran = await signIn.inPasswordTurn(req, res, async () => {
      const accountId = await resets.use(tokenFrom(body))
      account = accountId ? await accounts.byId(accountId) : undefined
      if (account && !account.deactivated_at) await accounts.update(account.id, { password })
    })
    if (!ran) return
    if (!account || account.deactivated_at) return sendError(res, 404, invalidLink)
    await sessions.deleteAllFor(account.id)
    await signIn.startSession(req, res, account.id)
    await record(account, 'dashboard.useResetLink', '/auth/reset-links/use', 204)
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
  }

  return { changePassword, createResetLink, readResetLink, redeemResetLink }
}
