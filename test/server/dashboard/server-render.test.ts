import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createServerRender } from '../../../server/dashboard/http/server-render.ts'

// A stand-in for the app's server build: the query string says how this render goes, and the
// markup repeats what it was given, so the test sees what the loaders would act with.
const entryJs = `
export async function render(request) {
  globalThis.renderStarted = request.url
  const how = new URL(request.url, request.origin).searchParams.get('render')
  if (how === 'throw') throw new Error('the route failed to render')
  if (how === 'none') return { kind: 'none' }
  if (how === 'slow')
    await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
  globalThis.aborted = request.signal.aborted
  return { kind: 'page', html: '<main>' + JSON.stringify(request.headers) + '</main>', state: '{"queries":[]}' }
}
`
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>'

let dir: string
let server: Server
let url: string
let signedIn = true
let outcomes: string[] = []
let errors: unknown[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'server-render-'))
  await mkdir(join(dir, 'dist'))
  await mkdir(join(dir, 'dist-ssr'))
  await writeFile(join(dir, 'dist', 'index.html'), indexHtml)
  await writeFile(join(dir, 'dist-ssr', 'entry-server.js'), entryJs)
  const serverRender = await createServerRender({
    distDir: join(dir, 'dist'),
    ssrDir: join(dir, 'dist-ssr'),
    loopbackOrigin: () => url,
    deadlineMs: 300,
    maxConcurrent: 1,
    onOutcome: (outcome) => outcomes.push(outcome),
    onError: (error) => errors.push(error),
  })
  if (!serverRender) throw new Error('the render was not loaded')
  server = createServer((req, res) => {
    res.setHeader(
      'Link',
      '</auth/me>; rel=preload; as=fetch, <https://cdn.example>; rel=preconnect',
    )
    serverRender(req, res, async () => signedIn).then((answered) => {
      if (!answered) res.end('the static index.html')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.close()
  await rm(dir, { recursive: true, force: true })
})
const seen = globalThis as { renderStarted?: string; aborted?: boolean }

beforeEach(() => {
  seen.renderStarted = undefined
  seen.aborted = undefined
  signedIn = true
  outcomes = []
  errors = []
})

const navigate = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    headers: { 'sec-fetch-dest': 'document', cookie: 'session=abc', ...headers },
  })

it('renders a signed-in navigation to the library into the page, as the visitor, never kept by a shared cache', async () => {
  const response = await navigate('/videos?q=dress', { 'x-forwarded-proto': 'https' })
  const html = await response.text()

  expect(html).toContain('<div id="root"><main>')
  expect(html).toContain('"cookie":"session=abc"')
  expect(html).toContain('"x-forwarded-proto":"https"')
  // The app's script comes after the markup and its data, not in the head.
  expect(html).toMatch(
    /<script type="application\/json" id="query-state">\{"queries":\[\]\}<\/script><script type="module" src="\/assets\/index.js"><\/script>\s*<\/body>/,
  )
  expect(html).not.toMatch(/<script type="module"[^<]*<\/script>\s*<\/head>/)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
  // Its data is in the page: only the preconnect hint is left.
  expect(response.headers.get('link')).toBe('<https://cdn.example>; rel=preconnect')
  expect(outcomes).toEqual(['rendered'])
})

it('renders the library for a phone too', async () => {
  const phone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
  const response = await navigate('/videos', { 'user-agent': phone, 'sec-ch-ua-mobile': '?1' })

  expect(await response.text()).toContain('<div id="root"><main>')
  expect(outcomes).toEqual(['rendered'])
})

it('renders the page in the theme chosen in the account menu, before any script runs', async () => {
  const dark = await navigate('/videos', { cookie: 'session=abc; theme=dark' })
  const system = await navigate('/videos')

  expect(await dark.text()).toMatch(/^<!doctype html><html class="dark"><head>/)
  expect(await system.text()).toMatch(/^<!doctype html><html><head>/)
})

it('leaves a signed-in visit to the home page, /, to the static page, where the browser renders it', async () => {
  const response = await navigate('/?channel=ch_1')

  expect(response.url).toBe(`${url}/?channel=ch_1`)
  expect(await response.text()).toBe('the static index.html')
  expect(outcomes).toEqual([])
})

it('leaves signed-out visits, other screens, the table view, other methods and non-navigations to the static page', async () => {
  signedIn = false
  expect(await (await navigate('/videos')).text()).toBe('the static index.html')
  signedIn = true
  expect(await (await navigate('/playlists')).text()).toBe('the static index.html')
  expect(await (await navigate('/videos?view=table')).text()).toBe('the static index.html')
  expect(await (await navigate('/videos', { 'sec-fetch-dest': 'empty' })).text()).toBe(
    'the static index.html',
  )
  const posted = await fetch(`${url}/videos`, {
    method: 'POST',
    headers: { 'sec-fetch-dest': 'document', cookie: 'session=abc' },
  })
  expect(await posted.text()).toBe('the static index.html')
  expect(outcomes).toEqual([])
})

it('ends the page with an empty root, for the browser to render, when the render fails or does not load', async () => {
  for (const how of ['throw', 'none']) {
    const html = await (await navigate(`/videos?render=${how}`)).text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('query-state')
  }
  expect(outcomes).toEqual(['fallback', 'fallback'])
  expect(errors).toEqual([expect.objectContaining({ message: 'the route failed to render' })])
})

it('gives up at the deadline, aborting the render, and sends the page for the browser to render', async () => {
  const html = await (await navigate('/videos?render=slow')).text()

  expect(html).toContain('<div id="root"></div>')
  expect(seen.aborted).toBe(true)
  expect(outcomes).toEqual(['fallback'])
  expect(errors).toEqual([])
})

it('keeps its deadline when the garbage collector runs during the render', async () => {
  // Node 20 let the collector take an AbortSignal.timeout joined by AbortSignal.any
  // (nodejs/node#57736): the deadline never came and the page stayed open.
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void
  const page = navigate('/videos?render=slow')
  await expect.poll(() => seen.renderStarted).toBe('/videos?render=slow')
  collect()

  expect(await (await page).text()).toContain('<div id="root"></div>')
  expect(outcomes).toEqual(['fallback'])
}, 5_000)

it('leaves a navigation to the static page while the renders allowed at once are all running', async () => {
  const slow = navigate('/videos?render=slow')
  await expect.poll(() => seen.renderStarted).toBe('/videos?render=slow')
  const meanwhile = await (await navigate('/videos')).text()

  expect(meanwhile).toBe('the static index.html')
  await (await slow).text()
  expect(outcomes).toEqual(['busy', 'fallback'])
})
