import type { IncomingMessage } from 'node:http'
import { accessDenied, S3Error, signatureDoesNotMatch } from './s3-error.ts'
import type { S3Request } from './s3-request.ts'
import {
  awsUriEncode,
  type CredentialScope,
  canonicalQueryString,
  deriveSigningKey,
  hexEquals,
  parseAmzDate,
  parseCredential,
  SIGV4_ALGORITHM,
  signHex,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from './sigv4.ts'

export interface SigningIdentity {
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
}

/** What a verified request tells about how its payload must be checked. */
export interface RequestAuth {
  /** The `x-amz-content-sha256` the signature covers: a hex hash, UNSIGNED-PAYLOAD or a STREAMING-* mode. */
  payloadHash: string
  signingKey: Buffer
  amzDate: string
  scope: string
  /** The request's signature: the seed of a signed aws-chunked payload. */
  signature: string
}

const MAX_HEADER_SKEW_MS = 15 * 60 * 1000
const MAX_PRESIGNED_EXPIRES_S = 7 * 24 * 60 * 60

export function authenticateRequest(
  req: IncomingMessage,
  s3: S3Request,
  identity: SigningIdentity,
  now: number,
): RequestAuth {
  if (s3.query.has('X-Amz-Signature')) return verifyPresigned(req, s3, identity, now)
  const authorization = req.headers.authorization
  if (authorization) return verifyHeaderSigned(req, s3, identity, now, authorization)
  throw accessDenied('Access Denied')
}

function verifyHeaderSigned(
  req: IncomingMessage,
  s3: S3Request,
  identity: SigningIdentity,
  now: number,
  authorization: string,
): RequestAuth {
  const malformed = (message: string) => new S3Error(400, 'AuthorizationHeaderMalformed', message)
  if (!authorization.startsWith(`${SIGV4_ALGORITHM} `)) {
    throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type')
  }
  const fields = new Map<string, string>()
  for (const part of authorization.slice(SIGV4_ALGORITHM.length + 1).split(',')) {
    const equals = part.indexOf('=')
    if (equals !== -1) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim())
  }
  const credential = fields.get('Credential')
  const signedHeaders = fields.get('SignedHeaders')
  const signature = fields.get('Signature')
  if (!credential || !signedHeaders || !signature) {
    throw malformed('The authorization header is malformed.')
  }
  const amzDate = headerValue(req, 'x-amz-date')
  const requestTime = amzDate ? parseAmzDate(amzDate) : undefined
  if (!amzDate || requestTime === undefined) {
    throw accessDenied('AWS authentication requires a valid Date or x-amz-date header')
  }
  const payloadHash = headerValue(req, 'x-amz-content-sha256')
  if (!payloadHash) {
    throw new S3Error(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    )
  }
  const scope = checkCredential(credential, amzDate, identity, malformed)
  if (Math.abs(now - requestTime) > MAX_HEADER_SKEW_MS) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: amzDate,
        ServerTime: new Date(now).toISOString(),
        MaxAllowedSkewMilliseconds: String(MAX_HEADER_SKEW_MS),
      },
    )
  }
  const signingKey = signingKeyFor(identity, scope)
  const canonicalRequest = buildCanonicalRequest(
    req,
    s3,
    s3.queryParams,
    signedHeaders,
    payloadHash,
  )
  const expected = signHex(signingKey, stringToSign(amzDate, scope.scope, canonicalRequest))
  if (!hexEquals(expected, signature)) throw signatureDoesNotMatch()
  return { payloadHash, signingKey, amzDate, scope: scope.scope, signature }
}

function verifyPresigned(
  req: IncomingMessage,
  s3: S3Request,
  identity: SigningIdentity,
  now: number,
): RequestAuth {
  const malformed = (message: string) =>
    new S3Error(400, 'AuthorizationQueryParametersError', message)
  const param = (name: string) => s3.query.get(name)
  const algorithm = param('X-Amz-Algorithm')
  const credential = param('X-Amz-Credential')
  const amzDate = param('X-Amz-Date')
  const expires = param('X-Amz-Expires')
  const signedHeaders = param('X-Amz-SignedHeaders')
  const signature = param('X-Amz-Signature')
  if (!algorithm || !credential || !amzDate || !expires || !signedHeaders || !signature) {
    throw malformed(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    )
  }
  if (algorithm !== SIGV4_ALGORITHM) {
    throw malformed('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"')
  }
  const requestTime = parseAmzDate(amzDate)
  if (requestTime === undefined) {
    throw malformed(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`)
  }
  const expiresSeconds = /^\d+$/.test(expires) ? Number(expires) : Number.NaN
  if (!(expiresSeconds >= 1 && expiresSeconds <= MAX_PRESIGNED_EXPIRES_S)) {
    throw malformed('X-Amz-Expires must be between 1 and 604800 seconds')
  }
  const scope = checkCredential(credential, amzDate, identity, malformed)
  if (now > requestTime + expiresSeconds * 1000) {
    throw accessDenied('Request has expired', {
      'X-Amz-Expires': expires,
      Expires: new Date(requestTime + expiresSeconds * 1000).toISOString(),
      ServerTime: new Date(now).toISOString(),
    })
  }
  if (requestTime - now > MAX_HEADER_SKEW_MS) {
    throw accessDenied('Request is not valid yet')
  }
  const payloadHash = param('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD
  const signingKey = signingKeyFor(identity, scope)
  const unsignedParams = s3.queryParams.filter(([name]) => name !== 'X-Amz-Signature')
  const canonicalRequest = buildCanonicalRequest(
    req,
    s3,
    unsignedParams,
    signedHeaders,
    payloadHash,
  )
  const expected = signHex(signingKey, stringToSign(amzDate, scope.scope, canonicalRequest))
  if (!hexEquals(expected, signature)) throw signatureDoesNotMatch()
  return { payloadHash, signingKey, amzDate, scope: scope.scope, signature }
}

export function checkCredential(
  credential: string,
  amzDate: string,
  identity: SigningIdentity,
  malformed: (message: string) => S3Error,
): CredentialScope {
  const scope = parseCredential(credential)
  if (!scope) throw malformed(`The credential '${credential}' is malformed.`)
  if (scope.accessKeyId !== identity.credentials.accessKeyId) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      { AWSAccessKeyId: scope.accessKeyId },
    )
  }
  if (scope.shortDate !== amzDate.slice(0, 8)) {
    throw malformed(
      `Invalid credential date "${scope.shortDate}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`,
    )
  }
  if (scope.region !== identity.region) {
    throw malformed(`The region '${scope.region}' is wrong; expecting '${identity.region}'`)
  }
  if (scope.service !== 's3' || scope.terminator !== 'aws4_request') {
    throw malformed(`The credential '${credential}' is malformed.`)
  }
  return scope
}

export function signingKeyFor(identity: SigningIdentity, scope: CredentialScope): Buffer {
  return deriveSigningKey(
    identity.credentials.secretAccessKey,
    scope.shortDate,
    scope.region,
    scope.service,
  )
}

function buildCanonicalRequest(
  req: IncomingMessage,
  s3: S3Request,
  queryParams: ReadonlyArray<readonly [string, string]>,
  signedHeaders: string,
  payloadHash: string,
): string {
  const headerNames = signedHeaders.split(';')
  if (!headerNames.includes('host')) {
    throw accessDenied('The host header must be signed')
  }
  const unsignedAmzHeaders = Object.keys(req.headers).filter(
    (name) => name.startsWith('x-amz-') && !headerNames.includes(name),
  )
  if (unsignedAmzHeaders.length > 0) {
    throw accessDenied('There were headers present in the request which were not signed', {
      HeadersNotSigned: unsignedAmzHeaders.join(', '),
    })
  }
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${canonicalHeaderValue(req, name)}\n`)
    .join('')
  return [
    s3.method,
    canonicalUri(s3.rawPath),
    canonicalQueryString(queryParams),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n')
}

/** S3 signs the path encoded once, segment by segment; normalize whatever encoding the client chose. */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => awsUriEncode(safeDecode(segment)))
    .join('/')
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function canonicalHeaderValue(req: IncomingMessage, name: string): string {
  const values = req.headersDistinct[name]
  if (!values) throw signatureDoesNotMatch()
  return values.map((value) => value.trim().replace(/\s+/g, ' ')).join(',')
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}
