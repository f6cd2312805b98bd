import { S3ServiceException } from '@aws-sdk/client-s3'

/** A failed storage operation, with S3's error code (e.g. 'EntityTooSmall') and HTTP status. */
export class StorageError extends Error {
  readonly code: string
  readonly status: number

  constructor(code: string, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageError'
    this.code = code
    this.status = status
  }
}

export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  if (error instanceof S3ServiceException) {
    return new StorageError(
      error.name,
      error.$metadata.httpStatusCode ?? 500,
      error.message || error.name,
      { cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new StorageError('StorageUnavailable', 503, message, { cause: error })
}

/** Runs an SDK call, turning its failures into StorageErrors. */
export async function storageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toStorageError(error)
  }
}
