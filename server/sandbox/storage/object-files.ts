import { randomUUID } from 'node:crypto'
import { access, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ByteRange } from './byte-range.ts'
import { isNotFound, linkOrCopy, removeEmptyDirs } from './file-system.ts'
import { KeyedQueue } from './keyed-queue.ts'
import { newMeta, type ObjectFields, type ObjectMeta } from './object-meta.ts'
import { objectPaths } from './object-paths.ts'
import { SlicesReadable, segmentSlices } from './segments-readable.ts'
import type { WrittenFile } from './temp-files.ts'

/** Committed objects on disk. */
export class ObjectFiles {
  private readonly objectsDir: string
  private readonly segmentsDir: string
  /** Per object: the previous writer's cleanup must not race the next one's. */
  private readonly queue = new KeyedQueue()

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
    fields: ObjectFields,
  ): Promise<ObjectMeta> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    const meta = newMeta(key, file.size, fields)
    return this.queue.run(paths.meta, async () => {
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
    fields: ObjectFields,
  ): Promise<ObjectMeta> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    const id = randomUUID()
    const sizes = files.map((file) => file.size)
    const total = sizes.reduce((sum, size) => sum + size, 0)
    const meta: ObjectMeta = { ...newMeta(key, total, fields), segments: { id, sizes } }
    const dir = join(this.segmentsDir, id)
    let committed = false
    try {
      await mkdir(dir, { recursive: true })
      for (const [index, file] of files.entries()) {
        await linkOrCopy(file.path, join(dir, `${index}`))
      }
      return await this.queue.run(paths.meta, async () => {
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
    const slices = segmentSlices(this.segmentsDir, meta.segments, range ?? whole)
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
    await this.queue.run(paths.meta, async () => {
      const previous = await this.readMeta(bucket, key)
      await rm(paths.meta, { force: true })
      await rm(paths.data, { force: true })
      await this.removeSegments(previous)
      await removeEmptyDirs(paths.dir, join(this.objectsDir, encodeURIComponent(bucket)))
    })
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
}
