import type { IncomingMessage, ServerResponse } from 'node:http'
import { isRole } from '../../../src/api/roles.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { type Account, AccountExistsError, type Accounts, normalizeEmail } from './accounts.ts'
import { type AuditFilter, type AuditLog, csvHeader, csvRow } from './audit-log.ts'
import type { Invites } from './invites.ts'
import { tokenFrom } from './one-time-tokens.ts'
import type { PasswordResets } from './password-resets.ts'
import { createPasswordRoutes } from './password-routes.ts'
import { readSmallForm } from './request-checks.ts'
import type { SessionStore } from './sessions.ts'
import type { Principal, SignIn } from './sign-in-routes.ts'

export interface AdminRouteOptions {
  accounts: Accounts
  invites: Invites
  resets: PasswordResets
  audit: AuditLog
  sessions: SessionStore
  signIn: SignIn
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>
/** What an admin route gets: the role gate in front of it has checked `admin` is one. */
export interface AdminRequest {
  admin: Principal
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** The path's `:id`, where it has one. */
  id: string
}
type AdminHandler = (request: AdminRequest) => Promise<void>

/**
 * The dashboard's own API under /auth/: accounts, invites, reset links and the audit log (admins);
 * reading and accepting an invite or a reset link (anyone holding its token); changing one's own
 * password (anyone signed in). Writes are recorded like the service's.
 */
export function createAdminRoutes(options: AdminRouteOptions) {
  const { accounts, invites, audit, sessions } = options
  const passwords = createPasswordRoutes(options)
  const record = (
    principal: Principal,
    operation: string,
    req: IncomingMessage,
    path: string,
    status: number,
  ) =>
    audit.record({
      account_id: principal.id,
      account_email: principal.email,
      operation,
      method: req.method ?? 'POST',
      path,
      status,
    })

  const listAccounts: AdminHandler = async ({ res }) => {
    sendJson(res, 200, { accounts: await accounts.list() })
  }

  const updateAccount: AdminHandler = async ({ admin: principal, req, res, id }) => {
    const body = await readSmallForm(req)
    const role = body?.role
    const deactivated = body?.deactivated
    if (
      !body ||
      (role === undefined && deactivated === undefined) ||
      (role !== undefined && !isRole(role)) ||
      (deactivated !== undefined && typeof deactivated !== 'boolean')
    ) {
      return sendError(
        res,
        400,
        'Give a role (viewer, editor or admin) or deactivated (true or false)',
      )
    }
    const outcome = await accounts.changeAuthority(id, {
      ...(role ? { role } : {}),
      ...(deactivated === undefined ? {} : { deactivated }),
    })
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') return sendError(res, 404, 'No such account')
      await record(principal, 'dashboard.updateAccount', req, `/auth/accounts/${id}`, 409)
      return sendError(
        res,
        409,
        'The last admin cannot be demoted or deactivated: make another admin first',
      )
    }
    // A changed or removed authority takes effect at once: the account's sessions end.
    if (deactivated === true) await sessions.deleteAllFor(id)
    await record(principal, 'dashboard.updateAccount', req, `/auth/accounts/${id}`, 200)
    sendJson(res, 200, outcome.account)
  }

  const createInvite: AdminHandler = async ({ admin: principal, req, res }) => {
    const body = await readSmallForm(req)
    const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : ''
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isRole(body?.role)) {
      return sendError(res, 400, 'Give an email address and a role (viewer, editor or admin)')
    }
    if (await accounts.byEmailWithHash(email)) {
      await record(principal, 'dashboard.createInvite', req, '/auth/invites', 409)
      return sendError(res, 409, `${email} already has an account`)
    }
    const invite = await invites.create({ email, role: body.role, createdBy: principal.id })
    await record(principal, 'dashboard.createInvite', req, '/auth/invites', 201)
    sendJson(res, 201, {
      email,
      role: body.role,
      expiresAt: invite.expiresAt,
      // The token travels in the fragment, which browsers never send to servers or in Referer.
      link: `${options.signIn.originOf(req)}/invite#${invite.token}`,
    })
  }

  const invalidInvite = (res: ServerResponse) =>
    sendError(res, 404, 'This invitation link is not valid any more: ask an admin for a new one')

  // The token comes in the body, never the path: paths end up in proxies' and servers' logs.
  const readInvite: Handler = async (req, res) => {
    const invite = await invites.find(tokenFrom(await readSmallForm(req)))
    if (!invite) return invalidInvite(res)
    sendJson(res, 200, { email: invite.email, role: invite.role, expiresAt: invite.expires_at })
  }

  const acceptInvite: Handler = async (req, res) => {
    const body = await readSmallForm(req)
    const token = tokenFrom(body)
    const password = typeof body?.password === 'string' ? body.password : ''
    if (password.length < 12)
      return sendError(res, 400, 'Choose a password of at least 12 characters')
    // The invitation is spent in the same turn as the hash: a full queue leaves it usable.
    let outcome = 'invalid' as { account: Account } | { exists: string } | 'invalid'
    const ran = await options.signIn.inPasswordTurn(req, res, async () => {
      const invite = await invites.find(token)
      if (!invite || !(await invites.use(token))) return
      try {
        const made = await accounts.create({ email: invite.email, role: invite.role, password })
        outcome = { account: made }
      } catch (error) {
        if (!(error instanceof AccountExistsError)) throw error
        outcome = { exists: error.message }
      }
    })
    if (!ran) return
    if (outcome === 'invalid') return invalidInvite(res)
    if ('exists' in outcome) return sendError(res, 409, outcome.exists)
    const { account } = outcome
    await options.signIn.startSession(req, res, account.id)
    await audit.record({
      account_id: account.id,
      account_email: account.email,
      operation: 'dashboard.acceptInvite',
      method: 'POST',
      path: '/auth/invites/accept',
      status: 204,
    })
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
  }

  const listInvites: AdminHandler = async ({ res }) => {
    sendJson(res, 200, { invitations: await invites.listOpen() })
  }

  const revokeInvite: AdminHandler = async ({ admin: principal, req, res, id }) => {
    const revoked = await invites.revoke(id)
    const status = revoked ? 204 : 404
    await record(principal, 'dashboard.revokeInvite', req, `/auth/invites/${id}`, status)
    if (!revoked) return sendError(res, 404, 'This invitation was already used, revoked or expired')
    res.writeHead(204, { 'Cache-Control': 'no-store' }).end()
  }

  const createResetLink: AdminHandler = ({ admin, id, req, res }) =>
    passwords.createResetLink(admin, id, req, res)

  const auditPage: AdminHandler = async ({ res, url }) => {
    sendJson(res, 200, await audit.page(auditFilter(url)))
  }

  const auditCsv: AdminHandler = async ({ res, url }) => {
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="dashboard-audit.csv"',
      'Cache-Control': 'no-store',
    })
    res.write(csvHeader())
    for await (const entry of audit.all(auditFilter(url))) res.write(csvRow(entry))
    res.end()
  }

  return {
    listAccounts,
    updateAccount,
    createResetLink,
    listInvites,
    createInvite,
    readInvite,
    acceptInvite,
    revokeInvite,
    readResetLink: passwords.readResetLink,
    redeemResetLink: passwords.redeemResetLink,
    changePassword: passwords.changePassword,
    auditPage,
    auditCsv,
  }
}

function auditFilter(url: URL): AuditFilter {
  const text = (name: string) => url.searchParams.get(name) || undefined
  const outcome = text('outcome')
  const before = Number(text('before'))
  return {
    account: text('account'),
    operation: text('operation'),
    outcome: outcome === 'success' || outcome === 'failure' ? outcome : undefined,
    from: text('from'),
    to: text('to'),
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: Number(text('limit')) || undefined,
  }
}
