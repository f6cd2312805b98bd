import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { isRole, roles } from '../../../src/api/roles.ts'
import { DashboardConfigError } from '../config-error.ts'
import { defaultDashboardDb, openDashboardDb } from '../db/database.ts'
import { AccountExistsError, createAccounts } from './accounts.ts'
import { generatePassword } from './passwords.ts'

// npm run user:add -- --email E --role R [--password P]: the password is taken from --password,
// asked for when a terminal is attached, or generated and printed once.
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
  })
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
    throw new DashboardConfigError('Give the account an email: --email sam@example.com')
  }
  if (!isRole(values.role)) throw new DashboardConfigError(`Give a role: --role ${roles.join('|')}`)
  let password = values.password
  let generated = false
  if (!password && process.stdin.isTTY) {
    // readline puts the terminal in raw mode and echoes to its output: a silent one hides typing.
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
    const prompt = createInterface({ input: process.stdin, output: silent, terminal: true })
    process.stdout.write('Password (not shown as you type; empty to generate one): ')
    password = (await prompt.question('')).trim()
    prompt.close()
    process.stdout.write('\n')
  }
  if (!password) {
    password = generatePassword()
    generated = true
  }
  if (password.length < 12)
    throw new DashboardConfigError('Choose a password of at least 12 characters')
  const db = await openDashboardDb({
    sqlitePath: process.env.DASHBOARD_DB || defaultDashboardDb,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  })
  try {
    const account = await createAccounts(db).create({
      email: values.email,
      role: values.role,
      password,
    })
    console.log(`Created ${account.role} ${account.email}`)
    if (generated) console.log(`Password (shown only now): ${password}`)
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  const known = error instanceof DashboardConfigError || error instanceof AccountExistsError
  console.error(known ? `Error: ${(error as Error).message}` : error)
  process.exit(1)
})
