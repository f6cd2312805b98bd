import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app.ts'
import {
  localStoreBucket,
  localStoreCredentials,
  resolveConfig,
  type SandboxOptions,
} from './config.ts'
import type { Sandbox } from './context.ts'
import { openDatabase } from './db/open.ts'
import { createEvents } from './events.ts'
import { randomIds } from './ids.ts'
import { createDemoPictures } from './media/demo-pictures.ts'
import { createCreationRate } from './rules/creation-rate.ts'
import { createVideoSearchIndex } from './search/video-search-index.ts'
import { seedSandbox } from './seed/seed.ts'
import { createLocalObjectStore } from './storage/local-object-store.ts'
import { createStorage, type Storage } from './storage/storage-client.ts'
import { createWebhookDispatcher } from './webhooks/dispatcher.ts'
import { runDueImports } from './workers/imports.ts'
import { runDueMatching } from './workers/matching.ts'
import { createPoller } from './workers/poller.ts'
import { processDueVideos } from './workers/processing.ts'

export type { SandboxOptions }

type Worker = 'processing' | 'imports' | 'matching'

export interface RunningSandbox {
  url: string
  /** Holds a background worker where it is (a test's slow service), until resumed. */
  pauseWorker(name: Worker): Promise<void>
  resumeWorker(name: Worker): void
  close(): Promise<void>
}

// Listens first (the local object store is served by this same server and the seed uploads its
// media through the S3 API), then seeds, then starts the workers and reports ready.
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = resolveConfig(options)
  const db = openDatabase(config.db)
  const late: { storage?: Storage; publicUrl?: string } = {}
  let ready = false

  const dispatcher = createWebhookDispatcher({
    db,
    url: config.webhookUrl,
    secret: config.webhookSecret,
    timeScale: config.timeScale,
    log: (message, details) => config.log(`webhooks: ${message} ${JSON.stringify(details)}`),
  })
  const pollers = {
    processing: createPoller('processing', () => processDueVideos(sandbox), 200, config.log),
    imports: createPoller('imports', () => runDueImports(sandbox), 500, config.log),
    matching: createPoller('matching', () => runDueMatching(sandbox), 200, config.log),
  }
  const sandbox: Sandbox = {
    db,
    ids: randomIds,
    config,
    get storage() {
      if (!late.storage) throw new Error('storage is not configured yet')
      return late.storage
    },
    publicUrl: () => late.publicUrl ?? '',
    events: createEvents(() => sandbox, dispatcher),
    workers: {
      pokeProcessing: () => pollers.processing.poke(),
      pokeImports: () => pollers.imports.poke(),
      pokeMatching: () => pollers.matching.poke(),
    },
    creationRate: createCreationRate(config.rateLimit),
    videoIndex: createVideoSearchIndex(db),
  }

  const app = createApp(sandbox, () => ready)
  const localStore = config.s3.endpoint
    ? null
    : createLocalObjectStore({
        rootDir: join(config.dataDir, 'objects'),
        basePath: '/storage',
        region: 'us-east-1',
        credentials: localStoreCredentials,
        buckets: [localStoreBucket],
      })
  const listener = getRequestListener(app.fetch)
  const answerDemoPicture = createDemoPictures()
  const server = createServer((req, res) => {
    if (answerDemoPicture(req, res)) return
    if (localStore && req.url?.startsWith('/storage/')) {
      localStore.handle(req, res).catch((error) => {
        config.log(`storage: ${(error as Error).stack ?? error}`)
        if (!res.headersSent) res.writeHead(500)
        res.end()
      })
      return
    }
    listener(req, res)
  })
  // Large signed uploads stream for a long time; Node's default 5-minute request timeout would cut them.
  server.requestTimeout = 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  late.publicUrl =
    config.publicUrl ?? `http://${config.port === 0 ? '127.0.0.1' : 'localhost'}:${port}`
  late.storage = createStorage({
    endpoint: config.s3.endpoint ?? `${late.publicUrl}/storage`,
    region: config.s3.region ?? 'us-east-1',
    bucket: config.s3.bucket ?? localStoreBucket,
    accessKeyId: config.s3.accessKeyId ?? localStoreCredentials.accessKeyId,
    secretAccessKey: config.s3.secretAccessKey ?? localStoreCredentials.secretAccessKey,
    forcePathStyle: config.s3.forcePathStyle ?? true,
  })

  try {
    await seedSandbox(sandbox)
  } catch (error) {
    server.close()
    db.close()
    throw error
  }
  sandbox.videoIndex.load()
  // Work interrupted by a restart is picked up again.
  db.prepare(`UPDATE imports SET started = 0 WHERE status = 'running' AND video_id IS NULL`).run()
  for (const poller of Object.values(pollers)) poller.start()
  dispatcher.start()
  ready = true

  return {
    url: late.publicUrl,
    pauseWorker: (name: Worker) => pollers[name].stop(),
    resumeWorker: (name: Worker) => pollers[name].start(),
    async close() {
      ready = false
      await Promise.all(Object.values(pollers).map((poller) => poller.stop()))
      await dispatcher.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      db.close()
    },
  }
}
