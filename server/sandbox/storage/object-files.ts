import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
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
}

/** Committed objects on disk. */
export class ObjectFiles {
  private readonly objectsDir: string

  constructor(
    rootDir: string,
    private readonly tempDir: string,
  ) {
    this.objectsDir = join(rootDir, 'objects')
  }

  dataPath(bucket: string, key: string): string {
    return objectPaths(this.objectsDir, bucket, key).data
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
    fields: { contentType?: string; etag: string },
  ): Promise<ObjectMeta> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    const meta: ObjectMeta = {
      key,
      size: file.size,
      ...(fields.contentType ? { contentType: fields.contentType } : {}),
      etag: fields.etag,
      lastModified: new Date().toISOString(),
    }
    await mkdir(paths.dir, { recursive: true })
    await mkdir(this.tempDir, { recursive: true })
    const metaTemp = join(this.tempDir, `${randomUUID()}.json`)
    await writeFile(metaTemp, JSON.stringify(meta))
    await rename(file.path, paths.data)
    await rename(metaTemp, paths.meta)
    return meta
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

  async remove(bucket: string, key: string): Promise<void> {
    const paths = objectPaths(this.objectsDir, bucket, key)
    await rm(paths.meta, { force: true })
    await rm(paths.data, { force: true })
    await this.removeEmptyDirs(paths.dir, join(this.objectsDir, encodeURIComponent(bucket)))
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

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
