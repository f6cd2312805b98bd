import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { verifyPassword } from '../../../server/dashboard/auth/passwords.ts'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { type DashboardOptions, startDashboard } from '../../../server/dashboard/start.ts'
import { fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { signIn } from '../support/accounts.ts'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'first-accounts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const userAdd = (dashboardDb: string, ...args: string[]) =>
  run('npx', ['tsx', 'server/dashboard/auth/user-add.ts', ...args], {
    env: { ...process.env, DASHBOARD_DB: dashboardDb },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )

async function accountsIn<T>(
  dashboardDb: string,
  use: (accounts: ReturnType<typeof createAccounts>) => Promise<T>,
): Promise<T> {
  const db = await openDashboardDb({ sqlitePath: dashboardDb })
  try {
    return await use(createAccounts(db))
  } finally {
    await db.destroy()
  }
}

describe('the first accounts', () => {
  it('npm start with the embedded sandbox, on an empty database, makes a demo admin, shown once, that can sign in', async () => {
    const dist = await createTempDist()
    const dashboardDb = join(dir, 'demo.db')
    // The password is told once, as text for the person at the terminal, never logged.
    const start = async (told: string[]) =>
      startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb,
        createDemoAdmin: true,
        sandbox: { port: 0, db: ':memory:', seedVideos: 1, dataDir: dir, log: () => {} },
        announce: (text) => told.push(text),
        log: (line) => logged.push(line),
      })
    const logged: string[] = []
    const firstTold: string[] = []
    const first = await start(firstTold)
    const password = /password: (\S+)/.exec(firstTold.join('\n'))?.[1] ?? ''
    expect(password).toMatch(/^[\w-]{20}$/)
    await signIn(first.url, { email: 'admin@example.com', password, role: 'admin' })
    await first.close()
    const laterTold: string[] = []
    const later = await start(laterTold)
    expect(laterTold).toEqual([])
    expect(logged.join('\n')).not.toContain(password)
    await later.close()
    await dist.remove()
  })

  it('npm start with SERVICE_* set makes no account with a generated password: it says how to add the first one', async () => {
    const service = await startFakeService()
    const dist = await createTempDist()
    const dashboardDb = join(dir, 'real-service.db')
    const start = async (logs: string[], oidc?: DashboardOptions['oidc']) =>
      startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb,
        createDemoAdmin: true,
        service: { baseUrl: service.url, ...fakeClient },
        ...(oidc ? { oidc } : {}),
        announce: (text) => logs.push(text),
        log: () => {},
      })
    const logs: string[] = []
    await (await start(logs)).close()
    expect(await accountsIn(dashboardDb, (accounts) => accounts.count())).toBe(0)
    const told = logs.join('\n')
    expect(told).not.toMatch(/password/i)
    expect(told).toContain('There are no accounts yet.')
    expect(told).toContain('npm run user:add -- --email you@example.com --role admin')
    expect(told).not.toContain('Sign in with')

    const withOidc: string[] = []
    const oidc = {
      issuer: 'https://login.example.com',
      clientId: 'dashboard',
      clientSecret: 'a client secret',
      roleMap: { 'marketing-admins': 'admin' as const },
      name: 'Corp Login',
    }
    await (await start(withOidc, oidc)).close()
    expect(withOidc.join('\n')).toContain('npm run user:add')
    expect(withOidc.join('\n')).toContain(
      'Or sign in with Corp Login: OIDC_ROLE_MAP gives the role, admin included.',
    )

    await accountsIn(dashboardDb, (accounts) =>
      accounts.create({ email: 'lee@example.com', role: 'admin', password: 'x'.repeat(12) }),
    )
    const later: string[] = []
    await (await start(later)).close()
    expect(later.join('\n')).not.toContain('no accounts')
    await dist.remove()
    await service.close()
  })

  // Each run starts tsx in a child process: tens of seconds on a busy machine.
  it('npm run user:add makes an account with the password given, or generates and prints one', {
    timeout: 90_000,
  }, async () => {
    const dashboardDb = join(dir, 'cli.db')
    const given = await userAdd(
      dashboardDb,
      '--email',
      'Lee@Example.com',
      '--role',
      'editor',
      '--password',
      'chosen password 1',
    )
    expect(given.stdout).toBe('Created editor lee@example.com\n')
    const generated = await userAdd(dashboardDb, '--email', 'kim@example.com', '--role', 'viewer')
    expect(generated.stdout).toMatch(
      /^Created viewer kim@example\.com\nPassword \(shown only now\): [\w-]{20}\n$/,
    )
    const again = await userAdd(
      dashboardDb,
      '--email',
      'lee@example.com',
      '--role',
      'admin',
      '--password',
      'x'.repeat(12),
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('An account for lee@example.com already exists')
    const badRole = await userAdd(dashboardDb, '--email', 'a@example.com', '--role', 'owner')
    expect(badRole.stderr).toContain('--role viewer|editor|admin')
  })

  it('npm run user:add in a terminal asks for the password without showing what is typed', {
    timeout: 90_000,
  }, async () => {
    const dashboardDb = join(dir, 'prompt.db')
    const typed = 'typed in the terminal 7'
    // script(1) gives the command a real terminal, as an operator's shell would.
    const command = `npx tsx server/dashboard/auth/user-add.ts --email ana@example.com --role admin`
    const child = spawn('script', ['-qc', command, '/dev/null'], {
      env: { ...process.env, DASHBOARD_DB: dashboardDb },
    })
    let output = ''
    const asked = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk
        if (output.includes('not shown as you type')) resolve()
      })
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    await asked
    child.stdin.write(`${typed}\r`)
    expect(await exited).toBe(0)
    expect(output).toContain('Created admin ana@example.com')
    expect(output).not.toContain(typed)
    const account = await accountsIn(dashboardDb, (accounts) =>
      accounts.byEmailWithHash('ana@example.com'),
    )
    expect(await verifyPassword(typed, account?.password_hash ?? '')).toBe(true)
  })
})
