import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, posix } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib'
import { type Encoding, preferredEncoding } from './accept-encoding.ts'
import { contentTypeOf, isCompressible } from './content-types.ts'
import { sendError } from './json-response.ts'

// The build writes each text file's `.br` and `.gz` beside it at the highest levels (decision
// 0031). A file without them (source maps) is compressed on its first request at levels quick
// enough that the request does not wait on them: brotli's highest took seconds for a screen's chunks.
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
}

const precompressed: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** Smaller files gain less from compression than the header costs. */
const minCompressedSize = 1024

interface Representation {
  body: Buffer
  etag: string
}

interface StaticFile {
  contentType: string
  cacheControl: string
  compressible: boolean
  identity: Representation
  /** Each encoding as the build wrote it, or made once on first request; kept. */
  encoded: Map<Encoding, Promise<Representation>>
}

export class MissingBuildError extends Error {}

/**
 * Serves the built app from memory: files as built, `index.html` for paths that name no file
 * (the app's own routes), hashed `assets/` cached for a year, everything else revalidated.
 * The files are read once; a new build needs a restart.
 */
export async function createStaticApp(distDir: string) {
  const indexFile = join(distDir, 'index.html')
  if (!(await stat(indexFile).catch(() => null))?.isFile()) {
    throw new MissingBuildError(
      `The dashboard app is not built: ${indexFile} is missing. Run \`npm run build\` first, or start in development mode with --dev.`,
    )
  }
  const files = new Map<string, Promise<StaticFile | null>>()

  function load(relativePath: string): Promise<StaticFile | null> {
    let file = files.get(relativePath)
    if (!file) {
      file = readStaticFile(distDir, relativePath)
      files.set(relativePath, file)
      // Missing or unreadable files are looked up again next time: a typo must not grow the cache.
      const forget = () => files.delete(relativePath)
      file.then((found) => found ?? forget(), forget)
    }
    return file
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
    }
    const relativePath = appPath(req.url ?? '/')
    if (relativePath === null) return sendError(res, 400, 'The request path is not valid')
    const file =
      (await load(relativePath)) ?? (isAppRoute(relativePath) ? await load('index.html') : null)
    if (!file) {
      res.writeHead(404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
      })
      res.end(req.method === 'HEAD' ? undefined : 'Not found')
      return
    }
    await sendFile(req, res, file)
  }
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
  const encoding =
    file.compressible && file.identity.body.length >= minCompressedSize
      ? preferredEncoding(req.headers['accept-encoding'])
      : null
  const representation = encoding ? await encoded(file, encoding) : file.identity
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': file.cacheControl,
    ETag: representation.etag,
  }
  if (file.compressible) headers.Vary = 'Accept-Encoding'
  if (encoding) headers['Content-Encoding'] = encoding
  if (matchesEtag(req.headers['if-none-match'], representation.etag)) {
    res.writeHead(304, headers).end()
    return
  }
  headers['Content-Length'] = String(representation.body.length)
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : representation.body)
}

function encoded(file: StaticFile, encoding: Encoding): Promise<Representation> {
  let representation = file.encoded.get(encoding)
  if (!representation) {
    representation = compressors[encoding](file.identity.body).then(
      (body) => encodedRepresentation(file.identity, encoding, body),
      (error: unknown) => {
        file.encoded.delete(encoding)
        throw error
      },
    )
    file.encoded.set(encoding, representation)
  }
  return representation
}

const decompressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
}

// A twin left by another build (index.html is not named by its content) is not this file's.
const decodesTo = (twin: Buffer, encoding: Encoding, body: Buffer) =>
  decompressors[encoding](twin).then(
    (decoded) => decoded.equals(body),
    () => false,
  )

const encodedRepresentation = (identity: Representation, encoding: Encoding, body: Buffer) => ({
  body,
  etag: `${identity.etag.slice(0, -1)}-${encoding}"`,
})

async function readStaticFile(distDir: string, relativePath: string): Promise<StaticFile | null> {
  // A precompressed twin is served only as its file's encoding, never under its own name.
  if (Object.values(precompressed).some((suffix) => relativePath.endsWith(suffix))) return null
  const fullPath = join(distDir, relativePath)
  if (!(await stat(fullPath).catch(() => null))?.isFile()) return null
  const body = await readFile(fullPath)
  const contentType = contentTypeOf(relativePath)
  const identity = {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  }
  const encoded = new Map<Encoding, Promise<Representation>>()
  for (const [encoding, suffix] of Object.entries(precompressed) as [Encoding, string][]) {
    const twin = await readFile(`${fullPath}${suffix}`).catch(() => null)
    if (twin && (await decodesTo(twin, encoding, body)))
      encoded.set(encoding, Promise.resolve(encodedRepresentation(identity, encoding, twin)))
  }
  return {
    contentType,
    // Vite names everything it emits under assets/ by content hash.
    cacheControl: relativePath.startsWith('assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
    compressible: isCompressible(contentType),
    identity,
    encoded,
  }
}

/** The file path a URL names inside the build, or null when it cannot be decoded. */
function appPath(url: string): string | null {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(url, 'http://dashboard').pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  // Normalising an absolute path never climbs above the root.
  return posix.normalize(pathname).replace(/^\/+/, '')
}

/** A path the app's router answers: no file extension, and not under assets/. */
function isAppRoute(relativePath: string): boolean {
  if (relativePath.startsWith('assets/')) return false
  return !(relativePath.split('/').pop() ?? '').includes('.')
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
