import { describe, expect, it } from 'vitest'
import {
  appContentSecurityPolicy,
  remoteOrigins,
  sandboxOrigins,
} from '../../../server/dashboard/http/security-headers.ts'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { sendSignedIn } from './http-client.ts'

/** The policy as a map from directive to its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('the content security policy', () => {
  it('allows the sandbox origin for media and uploads, and nothing else outside', () => {
    const csp = directives(
      appContentSecurityPolicy('production', sandboxOrigins('http://localhost:4010')),
    )
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['style-src']).toEqual(["'self'"])
    // Any address for images: a poster is previewed before the service fetches it.
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      'http:',
      'http://localhost:4010',
    ])
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'http://localhost:4010'])
    expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:4010'])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['object-src']).toEqual(["'none'"])
  })

  it('allows the sandbox s3 endpoint for uploads when one is configured', () => {
    const origins = sandboxOrigins('http://localhost:4010', 'http://127.0.0.1:9000/bucket')
    const csp = directives(appContentSecurityPolicy('production', origins))
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9000', 'http://localhost:4010'])
  })

  it('allows https media from anywhere, but requests only to the service and the storage named', () => {
    const csp = directives(
      appContentSecurityPolicy('production', remoteOrigins('https://api.example.com/base')),
    )
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      'http:',
      'https://api.example.com',
    ])
    expect(csp['media-src']).toContain('https:')
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com'])
    const withStorage = directives(
      appContentSecurityPolicy(
        'production',
        remoteOrigins('https://api.example.com', ['https://uploads.example.net']),
      ),
    )
    expect(withStorage['connect-src']).toEqual([
      "'self'",
      'https://api.example.com',
      'https://uploads.example.net',
    ])
  })

  it("relaxes scripts, styles and connections as Vite's development server needs", () => {
    const csp = directives(
      appContentSecurityPolicy('development', sandboxOrigins('http://localhost:4010')),
    )
    expect(csp['script-src']).toContain("'unsafe-inline'")
    expect(csp['style-src']).toContain("'unsafe-inline'")
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['ws:', 'wss:']))
    expect(csp['frame-ancestors']).toEqual(["'none'"])
  })
})

describe('security headers on responses', () => {
  const running = dashboardWithFakeService('file')

  it('sets nosniff, the referrer policy and the app policy on app pages', async () => {
    const page = await sendSignedIn(running.dashboard, '/videos')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const csp = directives(String(page.headers['content-security-policy']))
    expect(csp['connect-src']).toEqual(["'self'", running.service.url])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
  })

  it('sets a policy that allows nothing on API answers', async () => {
    const api = await sendSignedIn(running.dashboard, '/api/v1/videos')
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    expect(api.headers['content-security-policy']).toContain("default-src 'none'")
  })
})
