import type { IncomingMessage, Server, ServerResponse } from 'node:http'

export interface DevApp {
  handle(req: IncomingMessage, res: ServerResponse): void
  close(): Promise<void>
}

/**
 * Vite in middleware mode, with its config file from `root`. Vite is loaded only here, so a
 * production start does not need it installed. HMR shares the dashboard's own server (and so
 * its loopback address) rather than opening a second port.
 */
export async function createDevApp(root: string, httpServer: Server): Promise<DevApp> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    root,
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'spa',
  })
  return {
    handle(req, res) {
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
      })
    },
    close: () => vite.close(),
  }
}
