import type { Accounts } from './accounts.ts'
import { defaultOidcName, type OidcOptions } from './oidc-config.ts'
import { generatePassword } from './passwords.ts'

export const demoAdminEmail = 'admin@example.com'

/**
 * `npm start` on an empty account database. With the embedded sandbox, a demo: one admin, its
 * generated password shown this once. With a real service (`SERVICE_*`), no account is made with a
 * password nobody chose and that sits in a log: the log says how to add the first one instead.
 */
export async function createDemoAdmin(
  accounts: Accounts,
  /** Told what to say; for the demo admin also its password, to keep out of logs if need be. */
  log: (message: string, firstAdmin?: { email: string; password: string }) => void,
  setting: { embeddedSandbox: boolean; oidc?: OidcOptions | undefined },
) {
  if ((await accounts.count()) > 0) return
  if (!setting.embeddedSandbox) {
    log(
      [
        'There are no accounts yet. Add the first admin with:',
        '  npm run user:add -- --email you@example.com --role admin',
        ...(setting.oidc
          ? [
              `Or sign in with ${setting.oidc.name ?? defaultOidcName}: OIDC_ROLE_MAP gives the role, admin included.`,
            ]
          : []),
        'Admins then invite everyone else from Accounts.',
      ].join('\n'),
    )
    return
  }
  const password = generatePassword()
  await accounts.create({ email: demoAdminEmail, role: 'admin', password })
  log(
    [
      'Created the first account, an admin. Sign in with:',
      `  email:    ${demoAdminEmail}`,
      `  password: ${password}`,
      'This password is shown only now. Add accounts with npm run user:add or invite people from the app.',
    ].join('\n'),
    { email: demoAdminEmail, password },
  )
}
