import { type IncomingHttpHeaders, request } from 'node:http'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  /** The body exactly as sent: not decompressed. */
  body: Buffer
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked by the assertions
  json(): any
}

/**
 * One HTTP request with exactly the headers given (fetch adds its own and decompresses), and the
 * path sent byte for byte.
 */
export function send(
  baseUrl: string,
  path: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: Buffer | string
    /** The client's own address, such as 127.0.0.2: on Linux any 127.x.y.z is this machine. */
    localAddress?: string
  } = {},
): Promise<RawResponse> {
  const base = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          const text = body.toString('utf8')
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text,
            json: () => JSON.parse(text),
          })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** `send` as a signed-in admin: the dashboard's session headers, then the headers given. */
export function sendSignedIn(
  dashboard: { url: string; session: Record<string, string> },
  path: string,
  options: Parameters<typeof send>[2] = {},
): Promise<RawResponse> {
  return send(dashboard.url, path, {
    ...options,
    headers: { ...dashboard.session, ...options.headers },
  })
}
