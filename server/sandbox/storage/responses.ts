import type { ServerResponse } from 'node:http'
import type { S3Error } from './s3-error.ts'

export function sendXml(res: ServerResponse, status: number, xml: string): void {
  const body = Buffer.from(xml, 'utf8')
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': body.length })
  res.end(body)
}

export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'Content-Length': 0 })
  res.end()
}

/** S3 answers HEAD errors with the status alone. */
export function sendError(
  res: ServerResponse,
  error: S3Error,
  requestId: string,
  isHead: boolean,
): void {
  if (isHead) {
    sendEmpty(res, error.status)
    return
  }
  sendXml(res, error.status, error.toXml(requestId))
}
