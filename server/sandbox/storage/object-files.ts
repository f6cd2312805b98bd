import { randomUUID } from 'node:crypto'
import {
  access,
  copyFile,
  type FileHandle,
  link,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  rmdir,
  writeFile,
} from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { objectPaths } from './object-paths.ts'
import type { WrittenFile } from './temp-files.ts'

/** The sidecar stored next to each object's bytes. */
export interface ObjectMeta {
  key: string
  size: number
  contentType?: string
  /** Quoted, as S3 sends it. */
  etag: string
  lastModified: string
  /**
   * A multipart object keeps its parts, `{root}/segments/{id}/{index}`, instead of a data file:
   * copying them into one file would cost seconds per GiB at completion.
   */
  segments?: { id: string; sizes: number[] }
}

export interface ByteRange {
  start: number
  end: number
}

interface Fields {
  contentType?: string
  etag: string
}

/** Committed objects on disk. */
export class ObjectFiles {
  private readonly objectsDir: string
  private readonly segmentsDir: string
  /** Per object: the previous writer's cleanup must not race the next one's. */
  private readonly queues = new Map<string, Promise<void>>()

  constructor(
    rootDir: string,
    private readonly tempDir: string,
  ) {
    this.objectsDir = join(rootDir, 'objects')
    this.segmentsDir = join(rootDir, 'segments')
  }

  /** Validates the key before any bytes are received. */
  checkKey(bucket: string, key: string): void {
    objectPaths(this.objectsDir, bucket, key)
  }

  /** Moves a fully received and verified file into place; readers see the old or the new object. */
  async commit(
    bucket: string,
    key: string,
    file: WrittenFile,
    fields: Fields,
  ): Promise<ObjectMeta> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    const meta = newMeta(key, file.size, fields)
    return this.serially(paths.meta, async () => {
      const previous = await this.readMeta(bucket, key)
      const metaTemp = await this.writeMetaTemp(meta)
      await mkdir(paths.dir, { recursive: true })
      await rename(file.path, paths.data)
      await rename(metaTemp, paths.meta)
      await this.removeSegments(previous)
      return meta
    })
  }

  /**
   * Makes an object of the given files, in order, without copying their bytes: they are hard
   * linked, so the caller's files stay as they were until the object is committed.
   */
  async commitSegments(
    bucket: string,
    key: string,
    files: { path: string; size: number }[],
    fields: Fields,
  ): Promise<ObjectMeta> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    const id = randomUUID()
    const sizes = files.map((file) => file.size)
    const meta: ObjectMeta = { ...newMeta(key, sum(sizes), fields), segments: { id, sizes } }
    const dir = join(this.segmentsDir, id)
    let committed = false
    try {
      await mkdir(dir, { recursive: true })
      for (const [index, file] of files.entries()) {
        await linkOrCopy(file.path, join(dir, `${index}`))
      }
      return await this.serially(paths.meta, async () => {
        const previous = await this.readMeta(bucket, key)
        const metaTemp = await this.writeMetaTemp(meta)
        await mkdir(paths.dir, { recursive: true })
        await rename(metaTemp, paths.meta)
        committed = true
        await rm(paths.data, { force: true })
        await this.removeSegments(previous)
        return meta
      })
    } catch (error) {
      if (!committed) await rm(dir, { recursive: true, force: true })
      throw error
    }
  }

  async readMeta(bucket: string, key: string): Promise<ObjectMeta | undefined> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    try {
      return JSON.parse(await readFile(paths.meta, 'utf8')) as ObjectMeta
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  /** The object's bytes (or a range of them); undefined when they are gone. */
  async read(
    bucket: string,
    key: string,
    meta: ObjectMeta,
    range?: ByteRange,
  ): Promise<Readable | undefined> {
    const whole = { start: 0, end: meta.size - 1 }
    if (!meta.segments) {
      const path = objectPaths(this.objectsDir, bucket, key).data
      const handle = await open(path, 'r').catch((error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      })
      if (!handle) return undefined
      if (meta.size === 0) {
        await handle.close()
        return Readable.from([])
      }
      return handle.createReadStream(range ?? whole)
    }
    const slices = this.segmentSlices(meta.segments, range ?? whole)
    const first = slices[0]
    if (!first) return Readable.from([])
    try {
      await access(first.path)
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
    return new SlicesReadable(slices)
  }

  async remove(bucket: string, key: string): Promise<void> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    await this.serially(paths.meta, async () => {
      const previous = await this.readMeta(bucket, key)
      await rm(paths.meta, { force: true })
      await rm(paths.data, { force: true })
      await this.removeSegments(previous)
      await this.removeEmptyDirs(paths.dir, join(this.objectsDir, encodeURIComponent(bucket)))
    })
  }

  private segmentSlices(segments: NonNullable<ObjectMeta['segments']>, range: ByteRange): Slice[] {
    const slices: Slice[] = []
    let offset = 0
    for (const [index, size] of segments.sizes.entries()) {
      const start = Math.max(range.start, offset)
      const end = Math.min(range.end, offset + size - 1)
      if (start <= end) {
        slices.push({
          path: join(this.segmentsDir, segments.id, `${index}`),
          start: start - offset,
          end: end - offset,
        })
      }
      offset += size
    }
    return slices
  }

  private async removeSegments(meta: ObjectMeta | undefined): Promise<void> {
    if (meta?.segments) {
      await rm(join(this.segmentsDir, meta.segments.id), { recursive: true, force: true })
    }
  }

  private async writeMetaTemp(meta: ObjectMeta): Promise<string> {
    await mkdir(this.tempDir, { recursive: true })
    const path = join(this.tempDir, `${randomUUID()}.json`)
    await writeFile(path, JSON.stringify(meta))
    return path
  }

  private async serially<T>(name: string, task: () => Promise<T>): Promise<T> {
    const result = (this.queues.get(name) ?? Promise.resolve()).then(task)
    const settled = result.then(
      () => undefined,
      () => undefined,
    )
    this.queues.set(name, settled)
    try {
      return await result
    } finally {
      if (this.queues.get(name) === settled) this.queues.delete(name)
    }
  }

  private async removeEmptyDirs(dir: string, stopAt: string): Promise<void> {
    let current = dir
    while (current.startsWith(`${stopAt}/`)) {
      try {
        await rmdir(current)
      } catch {
        return
      }
      current = dirname(current)
    }
  }
}

type Slice = ByteRange & { path: string }

const READ_CHUNK = 512 * 1024

/**
 * The slices' bytes in order, one file open at a time. A reader of an object replaced meanwhile
 * fails at its next part, which the client sees as a truncated response.
 */
class SlicesReadable extends Readable {
  private index = 0
  private handle: FileHandle | undefined
  private position = 0

  constructor(private readonly slices: Slice[]) {
    super({ highWaterMark: READ_CHUNK })
  }

  override _read(): void {
    this.next().then(
      (chunk) => {
        if (!this.destroyed) this.push(chunk)
      },
      (error: unknown) => this.destroy(error as Error),
    )
  }

  private async next(): Promise<Buffer | null> {
    while (!this.destroyed) {
      const slice = this.slices[this.index]
      if (!slice) return null
      if (!this.handle) {
        const handle = await open(slice.path, 'r')
        if (this.destroyed) {
          await handle.close()
          return null
        }
        this.handle = handle
        this.position = slice.start
      }
      const wanted = Math.min(READ_CHUNK, slice.end + 1 - this.position)
      if (wanted > 0) {
        const buffer = Buffer.allocUnsafe(wanted)
        const { bytesRead } = await this.handle.read(buffer, 0, wanted, this.position)
        if (bytesRead === 0) throw new Error(`${slice.path} is shorter than recorded`)
        this.position += bytesRead
        return buffer.subarray(0, bytesRead)
      }
      await this.closeHandle()
      this.index++
    }
    return null
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.closeHandle().then(
      () => callback(error),
      () => callback(error),
    )
  }
}

/** Filesystems without hard links (some network and FAT mounts) get a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to)
  } catch (error) {
    if (isNotFound(error)) throw error
    await copyFile(from, to)
  }
}

function newMeta(key: string, size: number, fields: Fields): ObjectMeta {
  return {
    key,
    size,
    ...(fields.contentType ? { contentType: fields.contentType } : {}),
    etag: fields.etag,
    lastModified: new Date().toISOString(),
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
