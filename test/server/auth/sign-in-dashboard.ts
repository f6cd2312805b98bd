import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SignInThrottle } from '../../../server/dashboard/auth/sign-in-routes.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { type RawResponse, send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, testPassword } from '../support/accounts.ts'

export interface SignInDashboard {
  url: string
  /** Normalised emails whose password hash the server computed, in the order it started them. */
  hashed: string[]
  /** The progressive delays the server asked for (milliseconds), in order; none is waited out. */
  waits: number[]
  close(): Promise<void>
}

/**
 * The password check these dashboards run unless told otherwise: every account has
 * `testPassword`, so it is right exactly when argon2id would be, without its 19 MiB and 0.1 s
 * per attempt (limits tests make a hundred attempts; `verifyPassword` itself is tested with the
 * real hashes elsewhere).
 */
export const checkWithoutHashing = async (password: string, stored: string | null) =>
  stored !== null && password === testPassword

/**
 * A production dashboard (fake service, temporary build) with one editor account per email, all
 * with `testPassword`. The test sees which passwords were checked and which delays were asked
 * for, and can replace the check (real argon2id, or one it holds) or the queue.
 */
export async function startSignInDashboard(
  emails: readonly string[],
  throttle: SignInThrottle = {},
  options: Partial<DashboardOptions> = {},
): Promise<SignInDashboard> {
  const [service, dist] = await Promise.all([startFakeService(), createTempDist()])
  const dataDir = mkdtempSync(join(tmpdir(), 'sign-in-limits-'))
  const dashboardDb = join(dataDir, 'dashboard.db')
  const db = await openDashboardDb({ sqlitePath: dashboardDb })
  await Promise.all(emails.map((email) => createTestAccount(db, { email, role: 'editor' })))
  await db.destroy()
  const hashed: string[] = []
  const waits: number[] = []
  const dashboard = await startDashboard({
    port: 0,
    mode: 'production',
    distDir: dist.dir,
    dashboardDb,
    service: { baseUrl: service.url, ...fakeClient },
    log: () => {},
    signInThrottle: {
      verifyPassword: checkWithoutHashing,
      wait: async (ms) => {
        waits.push(ms)
      },
      ...throttle,
      onPasswordCheck: (email) => {
        hashed.push(email)
        throttle.onPasswordCheck?.(email)
      },
    },
    ...options,
  })
  return {
    url: dashboard.url,
    hashed,
    waits,
    async close() {
      await dashboard.close()
      await Promise.all([service.close(), dist.remove()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * One JSON sign-in, from the client address `from` (a 127.x.y.z this machine owns) or, with
 * `forwardedFor`, as a proxy in front says (only a TRUST_PROXY dashboard listens to that).
 */
export function attempt(
  url: string,
  email: string,
  password: string,
  where: { from?: string; forwardedFor?: string } = {},
): Promise<RawResponse> {
  return send(url, '/auth/sign-in', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(where.forwardedFor ? { 'x-forwarded-for': where.forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
    ...(where.from ? { localAddress: where.from } : {}),
  })
}

export const statuses = (responses: readonly RawResponse[]) =>
  responses.map((response) => response.status)
