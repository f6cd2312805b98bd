import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostCookieName, readCookie, setHostCookie } from './cookies.ts'

const cookieName = 'dashboard-oidc'

/** What the callback needs from the start of one sign-in through the provider. */
export interface OidcFlow {
  verifier: string
  state: string
  nonce: string
  /** The local path to open once signed in. */
  next: string
}

export const flowLifetimeMs = 10 * 60 * 1000
const purpose = Buffer.from('dashboard oidc flow v1')

/**
 * The flow's secrets ride in a short-lived cookie sealed with AES-256-GCM, so no store is needed
 * and a browser can neither read the PKCE verifier nor forge a state. The key is derived (HKDF)
 * from the OIDC client secret, which every replica already shares: a flow started on one replica
 * finishes on any other. Whoever holds the client secret could forge a flow, but they could also
 * act as the client at the provider, so that adds nothing.
 */
export function createFlowCookie(clientSecret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', clientSecret, purpose, 'flow cookie key', 32))
  return {
    set(res: ServerResponse, secure: boolean, flow: OidcFlow) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(purpose)
      const plain = JSON.stringify({ ...flow, expires: now() + flowLifetimeMs })
      const sealed = Buffer.concat([
        iv,
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ])
      setHostCookie(res, cookieName, secure, sealed.toString('base64url'), flowLifetimeMs / 1000)
    },

    /** The flow this browser started, if it is intact and not expired; the cookie is cleared. */
    take(req: IncomingMessage, res: ServerResponse, secure: boolean): OidcFlow | null {
      const value = readCookie(req, hostCookieName(cookieName, secure))
      if (value === null) return null
      setHostCookie(res, cookieName, secure, '', 0)
      try {
        const sealed = Buffer.from(value, 'base64url')
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12))
        decipher.setAAD(purpose)
        decipher.setAuthTag(sealed.subarray(-16))
        const plain = Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()])
        const flow = JSON.parse(plain.toString('utf8')) as OidcFlow & { expires: number }
        if (!(flow.expires > now())) return null
        return { verifier: flow.verifier, state: flow.state, nonce: flow.nonce, next: flow.next }
      } catch {
        return null
      }
    },
  }
}

export type FlowCookie = ReturnType<typeof createFlowCookie>
