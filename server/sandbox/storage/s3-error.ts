import { escapeXml } from './xml.ts'

/** An error answered to the client the way S3 answers it: a status and an XML `<Error>` body. */
export class S3Error extends Error {
  readonly code: string
  readonly status: number
  readonly details: Record<string, string>

  constructor(status: number, code: string, message: string, details: Record<string, string> = {}) {
    super(message)
    this.name = 'S3Error'
    this.status = status
    this.code = code
    this.details = details
  }

  toXml(requestId: string): string {
    const details = Object.entries(this.details)
      .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
      .join('')
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${escapeXml(this.code)}</Code><Message>${escapeXml(this.message)}</Message>` +
      `${details}<RequestId>${requestId}</RequestId></Error>`
    )
  }
}

export const accessDenied = (message: string, details?: Record<string, string>) =>
  new S3Error(403, 'AccessDenied', message, details)

export const invalidArgument = (message: string, details?: Record<string, string>) =>
  new S3Error(400, 'InvalidArgument', message, details)

export const invalidRequest = (message: string) => new S3Error(400, 'InvalidRequest', message)

export const signatureDoesNotMatch = () =>
  new S3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  )
