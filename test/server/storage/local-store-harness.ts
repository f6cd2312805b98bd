import { createHash, randomFillSync } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { createLocalObjectStore } from '../../../server/sandbox/storage/local-object-store.ts'
import { createStorage, type Storage } from '../../../server/sandbox/storage/storage-client.ts'

export const BUCKET = 'sandbox-uploads'
export const REGION = 'us-east-1'
export const CREDENTIALS = { accessKeyId: 'sandbox-key', secretAccessKey: 'sandbox-secret' }

export interface LocalStoreHarness {
  /** `http://127.0.0.1:{port}/storage` */
  endpoint: string
  rootDir: string
  storage: Storage
  /** A plain SDK client with the SDK's defaults, as any S3 tool would use. */
  sdkClient(overrides?: Partial<S3ClientConfig>): S3Client
  close(): Promise<void>
}

/** The local store mounted at /storage on a real HTTP server, with a real temp dir. */
export async function startLocalStore(): Promise<LocalStoreHarness> {
  const rootDir = await mkdtemp(join(tmpdir(), 'local-store-'))
  const store = createLocalObjectStore({
    rootDir: join(rootDir, 'store'),
    basePath: '/storage',
    region: REGION,
    credentials: CREDENTIALS,
    buckets: [BUCKET],
  })
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/storage/')) void store.handle(req, res)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const endpoint = `http://127.0.0.1:${port}/storage`
  const clients: S3Client[] = []
  const sdkClient = (overrides: Partial<S3ClientConfig> = {}) => {
    const client = new S3Client({
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      ...overrides,
    })
    clients.push(client)
    return client
  }
  return {
    endpoint,
    rootDir,
    storage: createStorage({
      endpoint,
      region: REGION,
      bucket: BUCKET,
      forcePathStyle: true,
      ...CREDENTIALS,
    }),
    sdkClient,
    async close() {
      for (const client of clients) client.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(rootDir, { recursive: true, force: true })
    },
  }
}

/** Random bytes, typed so that fetch() and Blob accept them as a body. */
export function randomBody(size: number): Buffer<ArrayBuffer> {
  return randomFillSync(Buffer.alloc(size))
}

export function sha256(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

export function md5(data: Buffer | Uint8Array): string {
  return createHash('md5').update(data).digest('hex')
}

export async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const { stream } = await storage.getStream(key)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}
