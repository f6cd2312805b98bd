import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MultipartUploads } from './multipart-uploads.ts'
import type { ObjectFiles } from './object-files.ts'
import type { RequestAuth, SigningIdentity } from './request-auth.ts'
import type { RequestBody } from './request-body.ts'
import type { S3Request } from './s3-request.ts'
import type { TempFiles } from './temp-files.ts'

/** What every handler of the local store shares. */
export interface StoreContext {
  identity: SigningIdentity
  objects: ObjectFiles
  uploads: MultipartUploads
  temp: TempFiles
  now(): number
}

/** One request being answered. */
export interface Exchange {
  req: IncomingMessage
  res: ServerResponse
  s3: S3Request
  body: RequestBody
  store: StoreContext
}

export interface AuthenticatedExchange extends Exchange {
  auth: RequestAuth
}
