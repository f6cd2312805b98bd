import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// npm test builds the app before the tests run; this reads what a browser can download.
const dist = join(import.meta.dirname, '../../../dist')
const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))

describe('the built app, source maps included', () => {
  it('exists to be checked', () => {
    expect(files.some((file) => file.endsWith('.js.map'))).toBe(true)
  })

  it('holds no client secret, token or secret variable', () => {
    const secrets = [
      /demo-secret/,
      /solo-secret/,
      /SERVICE_CLIENT_SECRET/,
      /OIDC_CLIENT_SECRET/,
      /WEBHOOK_SECRET/,
      /Bearer [\w-]{8,}/,
    ]
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      for (const secret of secrets) expect(secret.test(text), `${secret} in ${file}`).toBe(false)
    }
  })

  it('was built from the app alone: no source of the server in any map', () => {
    for (const file of files.filter((name) => name.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }
      expect(
        sources.filter((source) => /(^|\/)server\//.test(source)),
        file,
      ).toEqual([])
    }
  })
})
