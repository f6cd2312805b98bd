import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './free-port.ts'

const installRoot = '/usr/lib/postgresql'

/** Debian's newest installed PostgreSQL: /usr/lib/postgresql/<version>/bin. */
function findBinaries() {
  const versions = existsSync(installRoot)
    ? readdirSync(installRoot)
        .filter((version) => existsSync(join(installRoot, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const version = versions[0]
  if (!version) {
    throw new Error(
      `PostgreSQL is not installed (no ${installRoot}/<version>/bin/initdb): apt-get install postgresql`,
    )
  }
  return {
    version: Number(version),
    bin: (name: string) => join(installRoot, version, 'bin', name),
  }
}

type RunAs = { uid?: number; gid?: number }

// initdb and postgres refuse to run as root: as root, they run as the postgres system user.
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    throw new Error('Running as root needs the postgres system user: apt-get install postgresql')
  }
}

function run(command: string, args: string[], user: RunAs) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}):\n${output}`)),
    )
  })
}

/**
 * A real PostgreSQL (Debian's package) on a free loopback port, its data in a fresh temporary
 * directory removed by `stop()`, with a database `dashboard_test` made for the test.
 */
export async function startPostgresServer() {
  const { version, bin } = findBinaries()
  const user = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'postgres-'))
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? user.uid)
  const dataDir = join(dir, 'data')
  let child: ChildProcess | null = null
  try {
    // A linguistic collation, as most servers have, so any ordering that differs from SQLite's
    // byte order shows up in tests.
    const icu =
      version >= 15 ? ['--locale=C.UTF-8', '--locale-provider=icu', '--icu-locale=en-US'] : []
    await run(
      bin('initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', ...icu],
      user,
    )
    // A port picked free may be taken before postgres binds it: then another is tried.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      const started = await startOn(bin('postgres'), dataDir, port, user)
      if ('child' in started) {
        child = started.child
        const url = `postgres://postgres@127.0.0.1:${port}`
        await query(`${url}/postgres`, 'CREATE DATABASE dashboard_test')
        return { url: `${url}/dashboard_test`, pid: child.pid, stop: () => stop(child, dir) }
      }
      if (attempt === 3 || !/could not bind|already in use/i.test(started.log)) {
        throw new Error(`postgres did not start:\n${started.log}`)
      }
    }
  } catch (error) {
    await stop(child, dir)
    throw error
  }
}

async function startOn(
  postgres: string,
  dataDir: string,
  port: number,
  user: RunAs,
): Promise<{ child: ChildProcess } | { log: string }> {
  // Durability is of no use to a test database: no fsync, no Unix socket, loopback TCP only.
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  }
  const args = ['-D', dataDir, '-p', String(port)]
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`)
  const child = spawn(postgres, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] })
  // A test process ending without stop() (a crashed worker) leaves no server running.
  const killOnExit = () => child.kill('SIGQUIT')
  process.once('exit', killOnExit)
  child.once('exit', () => process.off('exit', killOnExit))
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk).slice(-8_000)
  })
  const exited = new Promise<{ log: string }>((resolve) => {
    child.once('error', (error) => {
      log += String(error)
      resolve({ log })
    })
    child.once('exit', () => resolve({ log }))
  })
  const gone = () => child.exitCode !== null || child.signalCode !== null
  const ready = accepts(`postgres://postgres@127.0.0.1:${port}/postgres`, gone)
  try {
    return await Promise.race([ready.then(() => ({ child })), exited])
  } catch (error) {
    await stop(child, null)
    throw error
  }
}

// Ready once a connection is accepted and answers a query (it listens, then recovers, then opens).
async function accepts(url: string, gone: () => boolean) {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (gone()) return new Promise<never>(() => {})
    try {
      await query(url, 'SELECT 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections: ${error}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query(text)
  } finally {
    await client.end().catch(() => {})
  }
}

// SIGINT is PostgreSQL's fast shutdown: open connections are ended rather than waited for.
async function stop(child: ChildProcess | null, dir: string | null) {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    await exited
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
}
