import type { Accounts } from './accounts.ts'
import { generatePassword } from './passwords.ts'

export const demoAdminEmail = 'admin@example.com'

/** `npm start` on an empty account database: one admin, its password shown this once only. */
export async function createDemoAdmin(accounts: Accounts, log: (message: string) => void) {
  if ((await accounts.count()) > 0) return
  const password = generatePassword()
  await accounts.create({ email: demoAdminEmail, role: 'admin', password })
  log(
    [
      'Created the first account, an admin. Sign in with:',
      `  email:    ${demoAdminEmail}`,
      `  password: ${password}`,
      'This password is shown only now. Add accounts with npm run user:add or invite people from the app.',
    ].join('\n'),
  )
}
