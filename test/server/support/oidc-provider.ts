import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface OidcTestUser {
  sub: string
  email: string
  groups: string[]
  /**
   * The `email_verified` claim: true by default; false for an address the provider has not
   * verified; the string 'true', as some providers send it; 'omitted' leaves the claim out.
   */
  emailVerified?: boolean | 'true' | 'omitted'
}

/** Every test user's password at the provider. */
export const providerPassword = 'provider password'

export interface TestOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** The dashboard's options for this provider, with the role map given. */
  options(roleMap: Record<string, 'viewer' | 'editor' | 'admin'>): {
    issuer: string
    clientId: string
    clientSecret: string
    roleMap: Record<string, 'viewer' | 'editor' | 'admin'>
    name: string
  }
  /**
   * Registers the client with the dashboard's callback, known once the dashboard listens (it
   * reads the provider's discovery document only at the first sign-in). Until then every request
   * is answered 503.
   */
  register(redirectUri: string): void
  close(): Promise<void>
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A real OpenID provider (oidc-provider 9) on a loopback port over plain http, with one
 * confidential client (client_secret_basic, authorization code, PKCE required) and a sign-in page
 * of its own at /interaction/<uid>: email and the shared password, then straight back to the
 * client (no consent page). `sub`, `email`, `email_verified` and `groups` go to userinfo, as
 * strict providers do; the ID token carries only `sub`.
 */
export async function startOidcProvider(users: readonly OidcTestUser[]): Promise<TestOidcProvider> {
  const clientId = 'dashboard'
  const clientSecret = randomBytes(24).toString('base64url')
  let provider: Provider | null = null
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null
  const server = createServer((req, res) => {
    if (!provider || !handle) return void res.writeHead(503).end('not registered yet')
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
        res.end(`interaction failed: ${error}`)
      })
      return
    }
    handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

  async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const [, , uid, action] = (req.url ?? '').split('?', 1)[0]?.split('/') ?? []
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    if (action === 'abort') {
      const result = { error: 'access_denied', error_description: 'The person cancelled' }
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
    }
    if (req.method !== 'POST') return page(res, uid, '')
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    const user = users.find((each) => each.email === form.get('email'))
    if (!user || form.get('password') !== providerPassword) {
      return page(res, uid, 'The email or password is wrong.', 401)
    }
    const grant = new provider.Grant({ accountId: user.sub, clientId: details.params.client_id })
    grant.addOIDCScope(details.params.scope ?? 'openid')
    const result = { login: { accountId: user.sub }, consent: { grantId: await grant.save() } }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
  }

  return {
    issuer,
    clientId,
    clientSecret,
    options: (roleMap) => ({ issuer, clientId, clientSecret, roleMap, name: 'Corp Login' }),
    register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        pkce: { required: () => true },
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        features: { devInteractions: { enabled: false } },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
        claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'] },
        async findAccount(_ctx: unknown, sub: string) {
          const user = users.find((each) => each.sub === sub)
          if (!user) return undefined
          return {
            accountId: sub,
            claims: async () => ({
              sub,
              email: user.email,
              ...(user.emailVerified === 'omitted'
                ? {}
                : { email_verified: user.emailVerified ?? true }),
              groups: user.groups,
            }),
          }
        },
      })
      handle = provider.callback()
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function page(res: ServerResponse, uid: string, problem: string, status = 200) {
  const path = `/interaction/${encodeURIComponent(uid)}`
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Corp Login</title></head>
<body><main>
<h1>Corp Login</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${path}/login">
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Continue</button>
</form>
<p><a href="${path}/abort">Cancel</a></p>
</main></body></html>`)
}
