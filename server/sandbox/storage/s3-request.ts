import type { IncomingMessage } from 'node:http'
import { S3Error } from './s3-error.ts'

/** A request addressed path-style: `{basePath}/{bucket}/{key}`. */
export interface S3Request {
  method: string
  /** The path as sent, percent-encoded, including the base path. */
  rawPath: string
  bucket: string
  /** Empty when the request addresses the bucket itself. */
  key: string
  /** Decoded query parameters in the order sent; names and values exactly as the client meant them. */
  queryParams: Array<[string, string]>
  query: Map<string, string>
}

export function parseS3Request(req: IncomingMessage, basePath: string): S3Request {
  const url = req.url ?? '/'
  const queryStart = url.indexOf('?')
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart)
  const rawQuery = queryStart === -1 ? '' : url.slice(queryStart + 1)
  const prefix = basePath.replace(/\/+$/, '')
  if (!rawPath.startsWith(`${prefix}/`)) {
    throw new S3Error(400, 'InvalidURI', `Couldn't parse the specified URI.`)
  }
  const addressed = rawPath.slice(prefix.length + 1)
  const slash = addressed.indexOf('/')
  const rawBucket = slash === -1 ? addressed : addressed.slice(0, slash)
  const rawKey = slash === -1 ? '' : addressed.slice(slash + 1)
  const queryParams = parseQuery(rawQuery)
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    rawPath,
    bucket: decodeComponent(rawBucket),
    key: decodeComponent(rawKey),
    queryParams,
    query: new Map(queryParams),
  }
}

function parseQuery(rawQuery: string): Array<[string, string]> {
  if (rawQuery === '') return []
  return rawQuery.split('&').map((pair) => {
    const equals = pair.indexOf('=')
    const name = equals === -1 ? pair : pair.slice(0, equals)
    const value = equals === -1 ? '' : pair.slice(equals + 1)
    return [decodeComponent(name), decodeComponent(value)]
  })
}

/** Percent-decoding only: S3 clients encode spaces as %20, so a literal '+' stays a '+'. */
export function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw new S3Error(400, 'InvalidURI', `Couldn't parse the specified URI.`)
  }
}
