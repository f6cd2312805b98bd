import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { type IncomingMessage, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from './dashboard-for.ts'
import { json } from './fake-service.ts'

const running = dashboardWithFakeService('file')

/** Resolves once the service has received `bytes` bytes of the current upload. */
function uploadReceiver() {
  let received = 0
  const hash = createHash('sha256')
  const waiters: Array<{ bytes: number; resolve: () => void }> = []
  running.service.rawApi = (req, res) => {
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      hash.update(chunk)
      for (const waiter of waiters.filter((w) => received >= w.bytes)) waiter.resolve()
    })
    req.on('end', () => json(res, 201, { bytes: received, sha256: hash.digest('hex') }))
  }
  return {
    reached: (bytes: number) =>
      new Promise<void>((resolve) => {
        if (received >= bytes) resolve()
        else waiters.push({ bytes, resolve })
      }),
  }
}

function startUpload(headers: Record<string, string>) {
  const url = new URL(running.dashboard.url)
  const outgoing = request({
    hostname: url.hostname,
    port: url.port,
    path: '/api/v1/videos',
    method: 'POST',
    headers: { ...running.dashboard.session, ...headers },
  })
  const response = (async () => {
    const [res] = (await once(outgoing, 'response')) as [IncomingMessage]
    const chunks: Buffer[] = []
    for await (const chunk of res) chunks.push(chunk as Buffer)
    return { status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }
  })()
  return { outgoing, response }
}

describe('streaming through the dashboard', () => {
  it('streams a large upload: the service sees its start before the browser has sent the rest', async () => {
    const file = randomBytes(5 * 1024 * 1024)
    const receiver = uploadReceiver()
    const { outgoing, response } = startUpload({
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(file.length),
    })
    outgoing.write(file.subarray(0, 1024 * 1024))
    await receiver.reached(1024 * 1024)
    outgoing.end(file.subarray(1024 * 1024))
    expect(await response).toEqual({
      status: 201,
      body: { bytes: file.length, sha256: createHash('sha256').update(file).digest('hex') },
    })
  })

  it('streams an upload of unknown length (chunked)', async () => {
    const part = randomBytes(256 * 1024)
    const receiver = uploadReceiver()
    const { outgoing, response } = startUpload({ 'content-type': 'application/octet-stream' })
    outgoing.write(part)
    await receiver.reached(part.length)
    outgoing.end(part)
    const whole = Buffer.concat([part, part])
    expect((await response).body).toEqual({
      bytes: whole.length,
      sha256: createHash('sha256').update(whole).digest('hex'),
    })
  })

  it('streams the response: the browser gets the start before the service has finished', async () => {
    let finish = () => {}
    running.service.rawApi = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"part":1,')
      finish = () => res.end('"done":true}')
    }
    const url = new URL(running.dashboard.url)
    const outgoing = request({
      hostname: url.hostname,
      port: url.port,
      path: '/api/v1/videos',
      headers: running.dashboard.session,
    })
    outgoing.end()
    const [res] = (await once(outgoing, 'response')) as [IncomingMessage]
    const [first] = (await once(res, 'data')) as [Buffer]
    expect(first.toString()).toBe('{"part":1,')
    finish()
    const rest: Buffer[] = []
    for await (const chunk of res) rest.push(chunk as Buffer)
    expect(Buffer.concat(rest).toString()).toBe('"done":true}')
  })
})
