import { createHash } from 'node:crypto'
import type { ByteScanner } from './byte-scanner.ts'
import type { RequestAuth } from './request-auth.ts'
import { S3Error, signatureDoesNotMatch } from './s3-error.ts'
import { EMPTY_SHA256, hexEquals, sha256Hex, signHex } from './sigv4.ts'

export const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'
export const STREAMING_SIGNED = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD'
export const STREAMING_SIGNED_TRAILER = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER'
const SUPPORTED_MODES = [STREAMING_UNSIGNED_TRAILER, STREAMING_SIGNED, STREAMING_SIGNED_TRAILER]

const CRLF = Buffer.from('\r\n')
const MAX_LINE = 4096

/** A decoded aws-chunked body: its data, then (once the data is consumed) its trailing headers. */
export interface AwsChunkedBody {
  data: AsyncGenerator<Buffer>
  trailers: Map<string, string>
}

/**
 * Decodes `Content-Encoding: aws-chunked` bodies: `size[;chunk-signature=sig]\r\n data \r\n`,
 * ending with a zero-size chunk and optional trailing headers. Signed modes check every chunk's
 * signature against the chain seeded by the request's own signature.
 */
export function decodeAwsChunked(scanner: ByteScanner, auth: RequestAuth): AwsChunkedBody {
  if (!SUPPORTED_MODES.includes(auth.payloadHash)) {
    throw new S3Error(501, 'NotImplemented', `Payload mode ${auth.payloadHash} is not supported`)
  }
  const signed = auth.payloadHash !== STREAMING_UNSIGNED_TRAILER
  const trailers = new Map<string, string>()
  let previousSignature = auth.signature

  async function* data(): AsyncGenerator<Buffer> {
    for (;;) {
      const header = (await scanner.readUntil(CRLF, MAX_LINE)).toString('latin1')
      const [sizeText = '', ...extensions] = header.split(';')
      if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw incomplete('Invalid chunk header.')
      const size = Number.parseInt(sizeText, 16)
      const chunkSignature = extensions
        .map((extension) => extension.trim())
        .find((extension) => extension.startsWith('chunk-signature='))
        ?.slice('chunk-signature='.length)
      if (signed && !chunkSignature) throw incomplete('Missing chunk signature.')
      const hash = createHash('sha256')
      for await (const piece of scanner.exactly(size)) {
        if (signed) hash.update(piece)
        yield piece
      }
      if (signed && chunkSignature) {
        const expected = signHex(
          auth.signingKey,
          [
            'AWS4-HMAC-SHA256-PAYLOAD',
            auth.amzDate,
            auth.scope,
            previousSignature,
            EMPTY_SHA256,
            hash.digest('hex'),
          ].join('\n'),
        )
        if (!hexEquals(expected, chunkSignature)) throw signatureDoesNotMatch()
        previousSignature = chunkSignature
      }
      if (size === 0) break
      const end = await scanner.readExactly(2)
      if (!end.equals(CRLF)) throw incomplete('Chunk data is longer than its declared size.')
    }
    await readTrailers()
  }

  async function readTrailers(): Promise<void> {
    let trailerSignature: string | undefined
    const signedLines: string[] = []
    for (;;) {
      if (await scanner.atEnd()) break
      const line = (await scanner.readUntil(CRLF, MAX_LINE)).toString('latin1')
      if (line === '') break
      const colon = line.indexOf(':')
      if (colon === -1) throw incomplete('Invalid trailing header.')
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      if (name === 'x-amz-trailer-signature') trailerSignature = value
      else {
        trailers.set(name, value)
        signedLines.push(`${name}:${value}\n`)
      }
    }
    if (auth.payloadHash === STREAMING_SIGNED_TRAILER) {
      const expected = signHex(
        auth.signingKey,
        [
          'AWS4-HMAC-SHA256-TRAILER',
          auth.amzDate,
          auth.scope,
          previousSignature,
          sha256Hex(signedLines.join('')),
        ].join('\n'),
      )
      if (!trailerSignature || !hexEquals(expected, trailerSignature)) {
        throw signatureDoesNotMatch()
      }
    }
  }

  return { data: data(), trailers }
}

function incomplete(message: string): S3Error {
  return new S3Error(400, 'IncompleteBody', message)
}
