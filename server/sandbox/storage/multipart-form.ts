import type { ByteScanner } from './byte-scanner.ts'

const CRLF = Buffer.from('\r\n')
const MAX_HEADER_LINE = 8 * 1024
const MAX_HEADER_LINES = 16

export interface FormPart {
  /** As sent; S3 compares form field names case-insensitively. */
  name: string
  filename?: string
  contentType?: string
  /** The part's bytes. Parts must be read in order; an unread body is skipped when the next part is asked for. */
  body: AsyncGenerator<Buffer>
}

/**
 * Streams the parts of a multipart/form-data body (RFC 7578) without buffering any part:
 * each body ends at the next `\r\n--boundary`, found by scanning with a delimiter-sized overlap.
 */
export async function* readFormParts(
  scanner: ByteScanner,
  boundary: string,
  malformed: (message: string) => Error,
): AsyncGenerator<FormPart> {
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  // The first boundary needs no preceding CRLF; lend it one so every delimiter looks the same.
  scanner.unshift(CRLF)
  for await (const _ of scanner.until(delimiter, 64 * 1024)) {
    // The preamble is ignored.
  }
  for (;;) {
    const after = await scanner.readExactly(2)
    if (after.toString('latin1') === '--') return
    scanner.unshift(after)
    const boundaryLine = await scanner.readUntil(CRLF, MAX_HEADER_LINE)
    if (boundaryLine.toString('latin1').trim() !== '')
      throw malformed('Invalid multipart boundary.')
    const headers = await readPartHeaders(scanner, malformed)
    const disposition = parseDisposition(headers.get('content-disposition') ?? '')
    if (disposition.type !== 'form-data' || disposition.params.name === undefined) {
      throw malformed('Each part needs a Content-Disposition: form-data header with a name.')
    }
    const body = scanner.until(delimiter)
    let finished = false
    async function* partBody(): AsyncGenerator<Buffer> {
      yield* body
      finished = true
    }
    yield {
      name: disposition.params.name,
      ...(disposition.params.filename === undefined
        ? {}
        : { filename: disposition.params.filename }),
      ...(headers.has('content-type') ? { contentType: headers.get('content-type') } : {}),
      body: partBody(),
    }
    if (!finished) {
      for await (const _ of scanner.until(delimiter)) {
        // Skips what the consumer did not read.
      }
    }
  }
}

async function readPartHeaders(
  scanner: ByteScanner,
  malformed: (message: string) => Error,
): Promise<Map<string, string>> {
  const headers = new Map<string, string>()
  for (let count = 0; ; count++) {
    if (count > MAX_HEADER_LINES) throw malformed('Too many part headers.')
    const line = (await scanner.readUntil(CRLF, MAX_HEADER_LINE)).toString('utf8')
    if (line === '') return headers
    const colon = line.indexOf(':')
    if (colon === -1) throw malformed('Invalid part header.')
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
}

function parseDisposition(header: string): { type: string; params: Record<string, string> } {
  const semicolon = header.indexOf(';')
  const type = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase()
  const params: Record<string, string> = {}
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g
  for (const match of header.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase()
    const value =
      match[2] === undefined ? (match[3] ?? '').trim() : match[2].replace(/\\(.)/g, '$1')
    params[name] = value
  }
  return { type, params }
}
