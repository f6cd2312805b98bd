import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { send } from './http-client.ts'
import { builtFiles, precompressedTwins } from './temp-dist.ts'

const running = dashboardWithFakeService('file')

const appJs = '/assets/index-Dk3f9Qa1.js'
const year = 'public, max-age=31536000, immutable'

describe('the built app', () => {
  it('serves index.html for the root and for app routes, revalidated on every visit', async () => {
    for (const path of ['/', '/index.html', '/videos', '/videos/v1/edit?tab=products']) {
      const response = await send(running.dashboard.url, path)
      expect(response.status, path).toBe(200)
      expect(response.text).toBe(builtFiles.indexHtml)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it('caches hashed assets for a year with the right content types', async () => {
    const script = await send(running.dashboard.url, appJs)
    expect(script.text).toBe(builtFiles.appJs)
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.headers['cache-control']).toBe(year)
    const image = await send(running.dashboard.url, '/assets/logo-Pq81xZ0c.png')
    expect(image.body.equals(builtFiles.logoPng)).toBe(true)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['cache-control']).toBe(year)
    const robots = await send(running.dashboard.url, '/robots.txt')
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(robots.headers['cache-control']).toBe('no-cache')
  })

  it('serves the public files as they are: robots.txt keeps crawlers out, the manifest is JSON', async () => {
    const robots = await send(running.dashboard.url, '/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.text).toMatch(/^User-agent: \*$/m)
    expect(robots.text).toMatch(/^Disallow: \/$/m)

    const manifest = await send(running.dashboard.url, '/manifest.webmanifest')
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    const app = JSON.parse(manifest.text) as {
      name: string
      start_url: string
      icons: { src: string; type: string }[]
    }
    expect(app).toMatchObject({
      name: 'Shoppable Studio',
      start_url: '/videos',
      display: 'standalone',
    })
    expect(app.icons.length).toBeGreaterThan(0)
    for (const icon of app.icons) {
      const image = await send(running.dashboard.url, icon.src)
      expect(image.status, icon.src).toBe(200)
      expect(image.headers['content-type'], icon.src).toBe(icon.type)
    }
  })

  it('lets the page load its manifest and icon under its Content-Security-Policy', async () => {
    const page = await send(running.dashboard.url, '/videos')
    const policy = new Map(
      String(page.headers['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/)
          return [name, sources] as const
        }),
    )
    const manifestSources = policy.get('manifest-src') ?? policy.get('default-src')
    expect(manifestSources).toContain("'self'")
    expect(policy.get('img-src')).toContain("'self'")
  })

  it('answers 404 for missing files, never the app page', async () => {
    for (const path of ['/assets/index-Missing1.js', '/assets/chunk', '/favicon.ico']) {
      const response = await send(running.dashboard.url, path)
      expect(response.status, path).toBe(404)
      expect(response.text).not.toContain('<html')
    }
  })

  it('stays inside the build directory', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2F..%2Fpackage.json',
    ]) {
      const response = await send(running.dashboard.url, path)
      expect(response.text, path).not.toContain('"name"')
      expect(response.text, path).not.toContain('root:')
    }
  })

  it('compresses with brotli or gzip as the browser accepts, once per file', async () => {
    const br = await send(running.dashboard.url, appJs, {
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(builtFiles.appJs.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(builtFiles.appJs)

    const gzip = await send(running.dashboard.url, '/videos', {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(builtFiles.indexHtml)

    const again = await send(running.dashboard.url, appJs, { headers: { 'accept-encoding': 'br' } })
    expect(again.body.equals(br.body)).toBe(true)
    expect(again.headers.etag).toBe(br.headers.etag)
  })

  it("sends the build's own .br and .gz of a file, never a twin by its own name or for another file", async () => {
    const chunk = '/assets/uploads-Zr81Kq2w.js'
    const br = await send(running.dashboard.url, chunk, { headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.body.equals(precompressedTwins.br)).toBe(true)
    expect(Number(br.headers['content-length'])).toBe(precompressedTwins.br.length)
    const gzip = await send(running.dashboard.url, chunk, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.body.equals(precompressedTwins.gzip)).toBe(true)
    expect(gzip.headers.etag).not.toBe(br.headers.etag)

    for (const twin of [`${chunk}.br`, `${chunk}.gz`, '/index.html.gz']) {
      expect((await send(running.dashboard.url, twin)).status, twin).toBe(404)
    }
    // index.html.gz is left from another build: the page is compressed from the file itself.
    const page = await send(running.dashboard.url, '/', { headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(page.body).toString()).toBe(builtFiles.indexHtml)
  })

  it('sends identity when the browser accepts no supported encoding, and never for images', async () => {
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const response = await send(running.dashboard.url, appJs, {
        headers: { 'accept-encoding': acceptEncoding },
      })
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined()
      expect(response.text).toBe(builtFiles.appJs)
    }
    const image = await send(running.dashboard.url, '/assets/logo-Pq81xZ0c.png', {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(image.headers['content-encoding']).toBeUndefined()
  })

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await send(running.dashboard.url, '/', { headers: { 'accept-encoding': 'gzip' } })
    const etag = first.headers.etag ?? ''
    const revalidated = await send(running.dashboard.url, '/', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
    const otherEncoding = await send(running.dashboard.url, '/', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    })
    expect(otherEncoding.status).toBe(200)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await send(running.dashboard.url, '/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(builtFiles.indexHtml))
    const post = await send(running.dashboard.url, '/videos', { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
  })
})
