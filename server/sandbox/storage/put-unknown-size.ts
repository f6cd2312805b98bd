import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { StorageError, storageCall } from './storage-error.ts'

/** Parts are buffered one at a time: this bounds memory, and is above S3's 5 MiB minimum. */
const PART_SIZE = 8 * 1024 * 1024

/**
 * S3 needs a length up front. A stream of unknown length is sent in one PUT if it fits in a part,
 * else as a multipart upload, one part in memory at a time.
 */
export async function putStreamOfUnknownSize(
  client: S3Client,
  target: { Bucket: string; Key: string; ContentType: string },
  body: NodeJS.ReadableStream,
): Promise<void> {
  const parts = fixedSizeParts(body as AsyncIterable<Buffer | string>)
  const first = await parts.next()
  const second = first.done ? first : await parts.next()
  if (second.done) {
    const whole = first.done ? Buffer.alloc(0) : first.value
    await storageCall(() => client.send(new PutObjectCommand({ ...target, Body: whole })))
    return
  }
  const created = await storageCall(() => client.send(new CreateMultipartUploadCommand(target)))
  const UploadId = created.UploadId
  if (!UploadId) throw new StorageError('InternalError', 500, 'No UploadId returned')
  const { Bucket, Key } = target
  try {
    const completed: { PartNumber: number; ETag: string }[] = []
    const upload = async (PartNumber: number, Body: Buffer) => {
      const part = await storageCall(() =>
        client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body })),
      )
      completed.push({ PartNumber, ETag: part.ETag ?? '' })
    }
    await upload(1, first.value as Buffer)
    await upload(2, second.value)
    let partNumber = 3
    for await (const part of parts) await upload(partNumber++, part)
    await storageCall(() =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: completed },
        }),
      ),
    )
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
      .catch(() => undefined)
    throw error
  }
}

async function* fixedSizeParts(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let pendingSize = 0
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    pending.push(bytes)
    pendingSize += bytes.length
    while (pendingSize >= PART_SIZE) {
      const joined = Buffer.concat(pending)
      yield joined.subarray(0, PART_SIZE)
      pending = [joined.subarray(PART_SIZE)]
      pendingSize = joined.length - PART_SIZE
    }
  }
  if (pendingSize > 0) yield Buffer.concat(pending)
}
