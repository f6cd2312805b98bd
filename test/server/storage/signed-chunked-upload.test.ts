import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalObjectStore } from '../../../server/sandbox/storage/local-object-store.ts'

// The worked examples of AWS's "Signature Calculations for the Authorization Header: Transferring
// Payload in Multiple Chunks" and "... trailing headers" pages: 64 KiB + 1 KiB of 'a', signed
// 2013-05-24 by the documentation's example credentials. The JS SDK does not send signed chunks,
// so these published signatures are the independent check of that path.
const DOC = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  date: '20130524T000000Z',
  time: Date.UTC(2013, 4, 24),
}
const PLAIN = {
  payload: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
  signedHeaders:
    'content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class',
  seed: '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
  chunks: [
    'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648',
    '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497',
    'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
  ],
  trailers: '',
}
const WITH_TRAILER = {
  payload: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER',
  signedHeaders:
    'content-encoding;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class;x-amz-trailer',
  seed: '106e2a8a18243abcf37539882f36619c00e2dfc72633413f02d3b74544bfeb8e',
  chunks: [
    'b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2',
    '1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7',
    '2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992',
  ],
  trailers:
    'x-amz-checksum-crc32c:sOO8/Q==\r\nx-amz-trailer-signature:d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435\r\n',
}
type Example = typeof PLAIN

function documentedBody(example: Example, tamper = false): Buffer {
  const first = Buffer.alloc(65_536, 'a')
  if (tamper) first[100] = 'b'.charCodeAt(0)
  return Buffer.concat([
    Buffer.from(`10000;chunk-signature=${example.chunks[0]}\r\n`),
    first,
    Buffer.from(`\r\n400;chunk-signature=${example.chunks[1]}\r\n`),
    Buffer.alloc(1024, 'a'),
    Buffer.from(`\r\n0;chunk-signature=${example.chunks[2]}\r\n${example.trailers}\r\n`),
  ])
}

describe('signed aws-chunked uploads (the AWS documentation examples)', () => {
  let rootDir: string
  let server: Server
  let port: number
  beforeAll(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'local-store-doc-'))
    const store = createLocalObjectStore({
      rootDir,
      basePath: '/',
      region: 'us-east-1',
      credentials: { accessKeyId: DOC.accessKeyId, secretAccessKey: DOC.secretAccessKey },
      buckets: ['examplebucket'],
      now: () => DOC.time,
    })
    server = createServer((req, res) => void store.handle(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(rootDir, { recursive: true, force: true })
  })

  function put(example: Example, body: Buffer): Promise<{ status: number; text: string }> {
    const headers: Record<string, string | number> = {
      Host: 's3.amazonaws.com',
      'Content-Encoding': 'aws-chunked',
      'Content-Length': body.length,
      'x-amz-content-sha256': example.payload,
      'x-amz-date': DOC.date,
      'x-amz-decoded-content-length': 66_560,
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      Authorization: `AWS4-HMAC-SHA256 Credential=${DOC.accessKeyId}/20130524/us-east-1/s3/aws4_request,SignedHeaders=${example.signedHeaders},Signature=${example.seed}`,
    }
    if (example.trailers) headers['x-amz-trailer'] = 'x-amz-checksum-crc32c'
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'PUT', path: '/examplebucket/chunkObject.txt', headers },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  it('accepts the documented chunk signatures', async () => {
    const body = documentedBody(PLAIN)
    expect(body.length).toBe(66_824)
    expect((await put(PLAIN, body)).status).toBe(200)
    const stored = await readFile(join(rootDir, 'objects', 'examplebucket', 'chunkObject.txt@data'))
    expect(stored.equals(Buffer.alloc(66_560, 'a'))).toBe(true)
  })

  it('accepts the documented trailer signature and CRC32C trailer', async () => {
    expect((await put(WITH_TRAILER, documentedBody(WITH_TRAILER))).status).toBe(200)
  })

  it('refuses a chunk whose data no longer matches its signature', async () => {
    const answer = await put(PLAIN, documentedBody(PLAIN, true))
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('<Code>SignatureDoesNotMatch</Code>')
  })
})
