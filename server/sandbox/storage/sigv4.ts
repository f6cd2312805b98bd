import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256'
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

export function hmacSha256(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest()
}

export function deriveSigningKey(
  secretAccessKey: string,
  shortDate: string,
  region: string,
  service: string,
): Buffer {
  const dateKey = hmacSha256(`AWS4${secretAccessKey}`, shortDate)
  const regionKey = hmacSha256(dateKey, region)
  const serviceKey = hmacSha256(regionKey, service)
  return hmacSha256(serviceKey, 'aws4_request')
}

/** AWS URI encoding: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded (uppercase hex). */
export function awsUriEncode(text: string, keepSlash = false): string {
  let encoded = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    if (/[A-Za-z0-9\-_.~]/.test(char) || (keepSlash && char === '/')) encoded += char
    else encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return encoded
}

export function canonicalQueryString(params: ReadonlyArray<readonly [string, string]>): string {
  return params
    .map(([name, value]) => [awsUriEncode(name), awsUriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function stringToSign(amzDate: string, scope: string, canonicalRequest: string): string {
  return [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
}

export function signHex(signingKey: Buffer, text: string): string {
  return hmacSha256(signingKey, text).toString('hex')
}

export function hexEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Parses `YYYYMMDDTHHMMSSZ` into epoch milliseconds. */
export function parseAmzDate(amzDate: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate)
  if (!match) return undefined
  const [, year, month, day, hour, minute, second] = match.map(Number)
  const time = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second)
  return Number.isNaN(time) ? undefined : time
}

export interface CredentialScope {
  accessKeyId: string
  shortDate: string
  region: string
  service: string
  terminator: string
  /** `shortDate/region/service/aws4_request`, as it appears in the string to sign. */
  scope: string
}

export function parseCredential(credential: string): CredentialScope | undefined {
  const parts = credential.split('/')
  if (parts.length !== 5) return undefined
  const [accessKeyId, shortDate, region, service, terminator] = parts as [
    string,
    string,
    string,
    string,
    string,
  ]
  return {
    accessKeyId,
    shortDate,
    region,
    service,
    terminator,
    scope: parts.slice(1).join('/'),
  }
}
