import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export const builtFiles = {
  indexHtml: `<!doctype html><html><head><title>Dashboard</title><script type="module" src="/assets/index-Dk3f9Qa1.js"></script></head><body><div id="root"></div>${'<!-- padding so the page is worth compressing -->'.repeat(40)}</body></html>`,
  appJs: `export const screens = [${Array.from({ length: 200 }, (_, i) => `'screen-${i}'`).join(', ')}]\n`,
  /** A chunk the build wrote with its `.br` and `.gz` beside it (see `precompressedTwins`). */
  chunkJs: `export const uploads = [${Array.from({ length: 200 }, (_, i) => `'part-${i}'`).join(', ')}]\n`,
  logoPng: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]),
}

/**
 * The chunk's twins, made at levels the server's own compression does not use, so a test can
 * tell them from bytes the server made itself.
 */
export const precompressedTwins = {
  br: brotliCompressSync(builtFiles.chunkJs, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: gzipSync(builtFiles.chunkJs, { level: 1 }),
}

/** The project's `public/` folder, which Vite copies into the build as it is. */
export const publicDir = join(import.meta.dirname, '../../../public')

/**
 * A stand-in for `npm run build` output: an index page, a hashed script and image, and the
 * project's real public files.
 */
export async function createTempDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dashboard-dist-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), builtFiles.indexHtml)
  await writeFile(join(dir, 'assets', 'index-Dk3f9Qa1.js'), builtFiles.appJs)
  await writeFile(join(dir, 'assets', 'logo-Pq81xZ0c.png'), builtFiles.logoPng)
  await writeFile(join(dir, 'assets', 'uploads-Zr81Kq2w.js'), builtFiles.chunkJs)
  await writeFile(join(dir, 'assets', 'uploads-Zr81Kq2w.js.br'), precompressedTwins.br)
  await writeFile(join(dir, 'assets', 'uploads-Zr81Kq2w.js.gz'), precompressedTwins.gzip)
  // A twin from another build: it is not this index page, and must never be sent for it.
  await writeFile(join(dir, 'index.html.gz'), gzipSync('<!doctype html><title>Old build</title>'))
  await cp(publicDir, dir, { recursive: true })
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
