import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeTempDir, type ServerProcess, startServer } from '../../../bench/ui/harness.ts'

// The benchmarks measure the dashboard apart from the service it talks to: the sandbox runs in a
// process of its own and the dashboard reaches it as it would the real service (decision 0027).
// CI runs no benchmark, so this is what keeps their wiring working.
const temp = makeTempDir()
let server: ServerProcess

beforeAll(async () => {
  const dist = join(temp.dir, 'dist')
  mkdirSync(dist)
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Dashboard</title>')
  server = await startServer({ distDir: dist, dataDir: temp.dir, index: false })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  temp.remove()
})

it('answers through the sandbox in its own process, as through the real service', async () => {
  const service = new URL(server.serviceUrl)
  expect(service.origin).not.toBe(new URL(server.url).origin)
  const response = await fetch(`${server.url}/api/v1/channels`, { headers: server.session })
  expect(response.status).toBe(200)
  const { channels } = (await response.json()) as { channels: Array<{ id: string }> }
  expect(channels.length).toBeGreaterThan(0)
  // The sandbox answers while the dashboard's process is paused: it is not in that process.
  process.kill(server.pid, 'SIGSTOP')
  try {
    expect((await fetch(`${server.serviceUrl}/healthz`)).status).toBe(200)
  } finally {
    process.kill(server.pid, 'SIGCONT')
  }
})

it('stops both processes', async () => {
  await server.stop()
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  await expect(fetch(`${server.serviceUrl}/healthz`)).rejects.toThrow()
})
