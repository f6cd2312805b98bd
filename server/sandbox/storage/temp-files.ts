import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

export interface WrittenFile {
  path: string
  size: number
  md5Hex: string
}

/** Temporary files on the same filesystem as the store, so finished writes can be renamed into place. */
export class TempFiles {
  constructor(private readonly dir: string) {}

  async write(data: AsyncIterable<Buffer>): Promise<WrittenFile> {
    await mkdir(this.dir, { recursive: true })
    const path = join(this.dir, randomUUID())
    const md5 = createHash('md5')
    let size = 0
    try {
      await pipeline(
        data,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            md5.update(chunk)
            size += chunk.length
            yield chunk
          }
        },
        createWriteStream(path),
      )
    } catch (error) {
      await rm(path, { force: true })
      throw error
    }
    return { path, size, md5Hex: md5.digest('hex') }
  }

  async discard(file: WrittenFile | undefined): Promise<void> {
    if (file) await rm(file.path, { force: true })
  }
}
