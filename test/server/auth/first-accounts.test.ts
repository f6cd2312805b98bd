import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { openDashboardDb } from '../../../server/dashboard/auth/database.ts'
import { verifyPassword } from '../../../server/dashboard/auth/passwords.ts'
import { startDashboard } from '../../../server/dashboard/start.ts'
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

describe('the first accounts', () => {
  it('npm start on an empty database makes a demo admin, shown once, that can sign in', async () => {
    const service = await startFakeService()
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
        service: { baseUrl: service.url, ...fakeClient },
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
    await service.close()
  })

  it('npm run user:add makes an account with the password given, or generates and prints one', async () => {
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

  it('npm run user:add in a terminal asks for the password without showing what is typed', async () => {
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
    const db = await openDashboardDb({ sqlitePath: dashboardDb })
    const account = await createAccounts(db).byEmailWithHash('ana@example.com')
    await db.destroy()
    expect(await verifyPassword(typed, account?.password_hash ?? '')).toBe(true)
  })
})
