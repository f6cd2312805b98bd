import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isNotFound } from './file-system.ts'
import { S3Error } from './s3-error.ts'
import type { WrittenFile } from './temp-files.ts'

export const MIN_PART_SIZE = 5 * 1024 * 1024
export const MAX_PART_NUMBER = 10_000

export interface MultipartUpload {
  uploadId: string
  bucket: string
  key: string
  contentType?: string
  initiated: string
}

export interface StoredPart {
  partNumber: number
  size: number
  /** Quoted MD5 of the part's bytes. */
  etag: string
  lastModified: string
}

export interface RequestedPart {
  partNumber: number
  etag: string
}

/** Multipart uploads in progress: `{root}/uploads/{uploadId}/` with one file per part. */
export class MultipartUploads {
  private readonly uploadsDir: string

  constructor(rootDir: string) {
    this.uploadsDir = join(rootDir, 'uploads')
  }

  async create(bucket: string, key: string, contentType: string | undefined): Promise<string> {
    const uploadId = randomBytes(16).toString('hex')
    const upload: MultipartUpload = {
      uploadId,
      bucket,
      key,
      ...(contentType ? { contentType } : {}),
      initiated: new Date().toISOString(),
    }
    const dir = join(this.uploadsDir, uploadId)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'upload.json'), JSON.stringify(upload))
    return uploadId
  }

  /** The upload, if it exists and was started for this bucket and key. */
  async get(uploadId: string, bucket: string, key: string): Promise<MultipartUpload> {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw noSuchUpload(uploadId)
    try {
      const upload = JSON.parse(
        await readFile(join(this.uploadsDir, uploadId, 'upload.json'), 'utf8'),
      ) as MultipartUpload
      if (upload.bucket !== bucket || upload.key !== key) throw noSuchUpload(uploadId)
      return upload
    } catch (error) {
      if (isNotFound(error)) throw noSuchUpload(uploadId)
      throw error
    }
  }

  async savePart(
    upload: MultipartUpload,
    partNumber: number,
    file: WrittenFile,
  ): Promise<StoredPart> {
    const part: StoredPart = {
      partNumber,
      size: file.size,
      etag: `"${file.md5Hex}"`,
      lastModified: new Date().toISOString(),
    }
    const dir = join(this.uploadsDir, upload.uploadId)
    try {
      await rename(file.path, join(dir, partFileName(partNumber)))
      await writeFile(join(dir, `${partFileName(partNumber)}.json`), JSON.stringify(part))
    } catch (error) {
      if (isNotFound(error)) throw noSuchUpload(upload.uploadId)
      throw error
    }
    return part
  }

  async listParts(upload: MultipartUpload): Promise<StoredPart[]> {
    const dir = join(this.uploadsDir, upload.uploadId)
    const names = (await readdir(dir)).filter((name) => /^part-\d{5}\.json$/.test(name)).sort()
    const parts: StoredPart[] = []
    for (const name of names) {
      try {
        parts.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredPart)
      } catch (error) {
        if (!isNotFound(error)) throw error
      }
    }
    return parts
  }

  /**
   * Checks the requested parts the way S3 does and returns their files, in order, with the ETag
   * S3 gives the object: MD5 of the parts' binary MD5s, then '-' and the number of parts.
   */
  async completion(
    upload: MultipartUpload,
    requested: RequestedPart[],
  ): Promise<{ parts: { path: string; size: number }[]; etag: string }> {
    const stored = new Map((await this.listParts(upload)).map((part) => [part.partNumber, part]))
    const chosen = checkRequestedParts(requested, stored)
    const dir = join(this.uploadsDir, upload.uploadId)
    const md5OfMd5s = createHash('md5')
    for (const part of chosen) md5OfMd5s.update(Buffer.from(unquote(part.etag), 'hex'))
    return {
      parts: chosen.map((part) => ({
        path: join(dir, partFileName(part.partNumber)),
        size: part.size,
      })),
      etag: `"${md5OfMd5s.digest('hex')}-${chosen.length}"`,
    }
  }

  async remove(uploadId: string): Promise<void> {
    await rm(join(this.uploadsDir, uploadId), { recursive: true, force: true })
  }
}

function checkRequestedParts(
  requested: RequestedPart[],
  stored: Map<number, StoredPart>,
): StoredPart[] {
  if (requested.length === 0) {
    throw new S3Error(
      400,
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema',
    )
  }
  for (let index = 1; index < requested.length; index++) {
    if ((requested[index]?.partNumber ?? 0) <= (requested[index - 1]?.partNumber ?? 0)) {
      throw new S3Error(
        400,
        'InvalidPartOrder',
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
      )
    }
  }
  const chosen = requested.map((wanted) => {
    const part = stored.get(wanted.partNumber)
    if (!part || unquote(part.etag) !== unquote(wanted.etag)) {
      throw new S3Error(
        400,
        'InvalidPart',
        "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
        { PartNumber: String(wanted.partNumber), ETag: wanted.etag },
      )
    }
    return part
  })
  chosen.slice(0, -1).forEach((part) => {
    if (part.size < MIN_PART_SIZE) {
      throw new S3Error(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed size',
        {
          ProposedSize: String(part.size),
          MinSizeAllowed: String(MIN_PART_SIZE),
          PartNumber: String(part.partNumber),
          ETag: part.etag,
        },
      )
    }
  })
  return chosen
}

function partFileName(partNumber: number): string {
  return `part-${String(partNumber).padStart(5, '0')}`
}

function unquote(etag: string): string {
  return etag.replaceAll('"', '').trim()
}

export function noSuchUpload(uploadId: string): S3Error {
  return new S3Error(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    { UploadId: uploadId },
  )
}
