import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeMp4File } from '../../support/media/make-mp4.ts'

/** A real small MP4 shipped with the sandbox's seed media (single-request upload path). */
export const smallClipPath = join(
  import.meta.dirname,
  '../../../server/sandbox/seed/media/clip-01-aurora-sneakers.mp4',
)

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
export const sha256OfFile = (path: string) => sha256(readFileSync(path))

/** A temporary directory for generated media, removed with `cleanup`. */
export function mediaDir() {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-media-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A synthetic but well-formed MP4 of the given duration and exact size. */
export async function makeVideoFile(
  dir: string,
  name: string,
  options: { durationSeconds: number; totalBytes: number },
) {
  const path = join(dir, name)
  await makeMp4File(path, options)
  return path
}
