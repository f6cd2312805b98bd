import { randomBytes } from 'node:crypto'
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export const fakeClient = { clientId: 'dash', clientSecret: 'dash secret/+&:' }

/**
 * A stand-in for the video service with exact control: counts token requests, issues tokens
 * that can be revoked, records API requests, and answers them as each test says.
 */
export interface FakeService {
  url: string
  tokenRequests: number
  issuedTokens: string[]
  apiRequests: ReceivedRequest[]
  /** expires_in of the next tokens; undefined leaves it out. */
  tokenLifetimeSeconds: number | undefined
  tokenDelayMs: number
  /** When set, the token endpoint answers this status (and Retry-After, if given) and no token. */
  tokenOutage: { status: number; retryAfter?: string } | null
  /** Answers a request with a valid token, after its body was read. Default: 200 echo. */
  api: (request: ReceivedRequest, res: ServerResponse) => void
  /** When set, answers a request with a valid token before its body is read. */
  rawApi: ((req: IncomingMessage, res: ServerResponse) => void) | null
  revokeTokens(): void
  close(): Promise<void>
}

export async function startFakeService(): Promise<FakeService> {
  const valid = new Set<string>()
  const service: FakeService = {
    url: '',
    tokenRequests: 0,
    issuedTokens: [],
    apiRequests: [],
    tokenLifetimeSeconds: 3600,
    tokenDelayMs: 0,
    tokenOutage: null,
    api: (request, res) => json(res, 200, { method: request.method, url: request.url }),
    rawApi: null,
    revokeTokens: () => valid.clear(),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  function issueToken(req: IncomingMessage, res: ServerResponse) {
    service.tokenRequests++
    const outage = service.tokenOutage
    if (outage) {
      const headers: Record<string, string> = outage.retryAfter
        ? { 'retry-after': outage.retryAfter }
        : {}
      return json(res, outage.status, { error: 'temporarily_unavailable' }, headers)
    }
    const expected = `${formEncode(fakeClient.clientId)}:${formEncode(fakeClient.clientSecret)}`
    if (req.headers.authorization !== `Basic ${Buffer.from(expected).toString('base64')}`) {
      return json(res, 401, { error: 'invalid_client' })
    }
    const token = `fake-token-${service.tokenRequests}-${randomBytes(12).toString('hex')}`
    setTimeout(() => {
      valid.add(token)
      service.issuedTokens.push(token)
      json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        ...(service.tokenLifetimeSeconds === undefined
          ? {}
          : { expires_in: service.tokenLifetimeSeconds }),
      })
    }, service.tokenDelayMs)
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/oauth/token') {
      req.resume()
      req.on('end', () => issueToken(req, res))
      return
    }
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token || !valid.has(token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="service"')
      return json(res, 401, { error: 'Invalid or expired access token' })
    }
    if (service.rawApi) return service.rawApi(req, res)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      }
      service.apiRequests.push(request)
      service.api(request, res)
    })
  })
  server.requestTimeout = 0
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return service
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replaceAll('%20', '+')
}
