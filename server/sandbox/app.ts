import { Hono } from 'hono'
import { tokenRoute } from './auth/token-route.ts'
import type { Sandbox } from './context.ts'
import { ApiError } from './http/api-error.ts'
import { channelRoutes } from './routes/channels.ts'
import { downloadRoutes } from './routes/downloads.ts'
import { importRoutes } from './routes/imports.ts'
import { mediaRoutes } from './routes/media.ts'
import { playlistRoutes } from './routes/playlists.ts'
import { posterRoutes } from './routes/posters.ts'
import { productMatchRoutes } from './routes/product-matches.ts'
import { productRoutes } from './routes/products.ts'
import { storeRoutes } from './routes/stores.ts'
import { subtitleRoutes } from './routes/subtitles.ts'
import { uploadRoutes } from './routes/uploads.ts'
import { videoCreateRoute } from './routes/videos-create.ts'
import { videoLifecycleRoutes } from './routes/videos-lifecycle.ts'
import { videoReadRoutes } from './routes/videos-read.ts'
import { videoUpdateRoute } from './routes/videos-update.ts'

export function createApp(sandbox: Sandbox, isReady: () => boolean): Hono {
  const app = new Hono()

  app.get('/healthz', (c) =>
    isReady() ? c.json({ status: 'ok' }) : c.json({ status: 'starting' }, 503),
  )
  app.use('*', async (c, next) => {
    if (!isReady())
      return c.json({ error: 'The sandbox is starting; retry shortly' }, 503, {
        'Retry-After': '1',
      })
    await next()
  })

  tokenRoute(app, { db: sandbox.db, tokenTtlSeconds: sandbox.config.tokenTtlSeconds })
  uploadRoutes(app, sandbox)
  // Literal paths under /videos/ are registered before /videos/:video_id so they are not
  // mistaken for an id.
  importRoutes(app, sandbox)
  downloadRoutes(app, sandbox)
  videoCreateRoute(app, sandbox)
  videoReadRoutes(app, sandbox)
  videoUpdateRoute(app, sandbox)
  videoLifecycleRoutes(app, sandbox)
  posterRoutes(app, sandbox)
  subtitleRoutes(app, sandbox)
  productMatchRoutes(app, sandbox)
  storeRoutes(app, sandbox)
  playlistRoutes(app, sandbox)
  channelRoutes(app, sandbox)
  productRoutes(app, sandbox)
  mediaRoutes(app, sandbox)

  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json({ error: error.message }, error.status as 400, error.headers)
    sandbox.config.log(`${c.req.method} ${c.req.path}: ${error.stack ?? error}`)
    return c.json({ error: 'Internal error' }, 500)
  })
  return app
}
