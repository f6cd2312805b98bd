import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

// npm test builds the app before the tests run; this reads the page a browser is sent.
const dist = join(import.meta.dirname, '../../../dist')
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/.exec(
  html,
)?.[1]
const entryJs = entry ? readFileSync(join(dist, entry), 'utf8') : ''
const preloaded = [
  ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g),
].map((match) => match[1] ?? '')

it('starts with a small script of its own, which waits for no other file before it runs', () => {
  expect(entry).toBeDefined()
  expect(Buffer.byteLength(entryJs)).toBeLessThan(10_000)
  expect(entryJs).not.toMatch(/^import\b[^;]*from\s*["']/m)
})

it("preloads the app's script after the markup, where the server's render puts the page's script", () => {
  const app = /import\("\.\/(start-[\w-]+\.js)"\)|"assets\/(start-[\w-]+\.js)"/.exec(entryJs)
  const appFile = `assets/${app?.[1] ?? app?.[2]}`
  expect(preloaded).toContain(appFile)
  for (const file of preloaded) expect(existsSync(join(dist, file)), file).toBe(true)
  // The app, React included, is in the preloaded file, not in the first script.
  expect(readFileSync(join(dist, appFile), 'utf8')).toContain('hydrateRoot')
  expect(entryJs).not.toContain('hydrateRoot')
  const [head = '', body = ''] = html.split('<div id="root"></div>')
  expect(head).not.toContain('modulepreload')
  expect(body).toContain('modulepreload')
})
