import { createHash, type Hash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { decodeAwsChunked } from './aws-chunked.ts'
import type { ByteScanner } from './byte-scanner.ts'
import { createChecksum, isChecksumAlgorithm } from './checksums.ts'
import type { RequestAuth } from './request-auth.ts'
import { S3Error } from './s3-error.ts'
import type { S3Request } from './s3-request.ts'

/** S3's largest single PUT, and the largest upload part. */
export const MAX_PUT_SIZE = 5 * 1024 ** 3

/** The body of a PUT, decoded; `verify()` after consuming `data` fails if it was not the body signed. */
export interface RequestPayload {
  data: AsyncGenerator<Buffer>
  verify(): void
}

export function openRequestPayload(
  req: IncomingMessage,
  s3: S3Request,
  auth: RequestAuth,
  scanner: ByteScanner,
): RequestPayload {
  const declaredLength = Number(req.headers['content-length'] ?? Number.NaN)
  const chunked = auth.payloadHash.startsWith('STREAMING-')
  const decodedLength = Number(req.headers['x-amz-decoded-content-length'] ?? Number.NaN)
  const expectedLength = chunked ? decodedLength : declaredLength
  if (expectedLength > MAX_PUT_SIZE) throw entityTooLarge()
  if (chunked && Number.isNaN(decodedLength)) {
    throw new S3Error(
      411,
      'MissingContentLength',
      'You must provide the Content-Length HTTP header.',
    )
  }

  const body = chunked ? decodeAwsChunked(scanner, auth) : undefined
  const source = body ? body.data : scanner.rest()
  const sha256 = /^[0-9a-f]{64}$/.test(auth.payloadHash) ? createHash('sha256') : undefined
  const md5 = req.headers['content-md5'] ? createHash('md5') : undefined
  const declaredChecksum = findDeclaredChecksum(req, s3)
  const checksum = declaredChecksum ? createChecksum(declaredChecksum.algorithm) : undefined
  let received = 0

  async function* data(): AsyncGenerator<Buffer> {
    for await (const piece of source) {
      received += piece.length
      if (received > MAX_PUT_SIZE) throw entityTooLarge()
      sha256?.update(piece)
      md5?.update(piece)
      checksum?.update(piece)
      yield piece
    }
  }

  function verify(): void {
    if (!Number.isNaN(expectedLength) && received !== expectedLength) {
      throw new S3Error(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header',
      )
    }
    if (sha256 && sha256.digest('hex') !== auth.payloadHash) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      )
    }
    verifyContentMd5(req, md5)
    if (declaredChecksum && checksum) {
      const expected = declaredChecksum.value ?? body?.trailers.get(declaredChecksum.header)
      if (expected !== checksum.digestBase64()) {
        throw new S3Error(
          400,
          'BadDigest',
          `The ${declaredChecksum.algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
        )
      }
    }
  }

  return { data: data(), verify }
}

const NOT_CHECKSUM_VALUES = new Set([
  'x-amz-checksum-mode',
  'x-amz-checksum-type',
  'x-amz-checksum-algorithm',
])

interface DeclaredChecksum {
  algorithm: Parameters<typeof createChecksum>[0]
  header: string
  /** Absent when the value arrives as a trailer of an aws-chunked body. */
  value?: string
}

/**
 * A checksum may come as a header, as a query parameter (presigned URLs hoist it there) or be
 * announced by `x-amz-trailer`. A presigner that computed it over an empty body produces URLs that
 * S3 rejects with BadDigest; so does this store.
 */
function findDeclaredChecksum(req: IncomingMessage, s3: S3Request): DeclaredChecksum | undefined {
  const trailer = req.headers['x-amz-trailer']
  const candidates: DeclaredChecksum[] = []
  const consider = (name: string, value: string | undefined) => {
    const lower = name.toLowerCase()
    if (!lower.startsWith('x-amz-checksum-') || NOT_CHECKSUM_VALUES.has(lower)) return
    const algorithm = lower.slice('x-amz-checksum-'.length)
    if (!isChecksumAlgorithm(algorithm)) {
      throw new S3Error(400, 'InvalidRequest', `Checksum algorithm ${algorithm} is not supported`)
    }
    candidates.push({ algorithm, header: lower, ...(value === undefined ? {} : { value }) })
  }
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') consider(name, value)
  }
  for (const [name, value] of s3.queryParams) consider(name, value)
  if (typeof trailer === 'string') consider(trailer.trim(), undefined)
  if (candidates.length > 1) {
    throw new S3Error(400, 'InvalidRequest', 'Expecting a single x-amz-checksum- header.')
  }
  return candidates[0]
}

function verifyContentMd5(req: IncomingMessage, md5: Hash | undefined): void {
  const expected = req.headers['content-md5']
  if (!md5 || typeof expected !== 'string') return
  if (md5.digest('base64') !== expected) {
    throw new S3Error(
      400,
      'BadDigest',
      'The Content-MD5 you specified did not match what we received.',
    )
  }
}

export function entityTooLarge(): S3Error {
  return new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
}

/** Reads a whole small body (an XML document, or nothing), checked like any payload. */
export async function readSmallPayload(
  req: IncomingMessage,
  s3: S3Request,
  auth: RequestAuth,
  scanner: ByteScanner,
  limit: number,
): Promise<Buffer> {
  const payload = openRequestPayload(req, s3, auth, scanner)
  const pieces: Buffer[] = []
  let size = 0
  for await (const piece of payload.data) {
    size += piece.length
    if (size > limit) {
      throw new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.')
    }
    pieces.push(piece)
  }
  payload.verify()
  return Buffer.concat(pieces)
}
