import type { Page, Request, Response } from 'playwright-core'

export interface UploadTraffic {
  /** POST /videos answers: status and the storage key asked for. */
  creations: { status: number; storageKey: string; body: Record<string, unknown> }[]
  multipartStarts: number
  singleSignatures: number
  completes: { status: number }[]
  storageRequests: { method: string; url: string; status: number | null }[]
  stop(): void
}

// What the page sends on the uploads path and what it is answered, for asserting that every file
// ended as exactly one video whatever failed on the way.
export function watchUploadTraffic(page: Page, storageOrigin: string): UploadTraffic {
  const traffic: UploadTraffic = {
    creations: [],
    multipartStarts: 0,
    singleSignatures: 0,
    completes: [],
    storageRequests: [],
    stop: () => {
      page.off('response', onResponse)
      page.off('requestfailed', onFailed)
    },
  }
  const path = (request: Request) => new URL(request.url()).pathname
  const onResponse = (response: Response) => {
    const request = response.request()
    const url = new URL(response.url())
    if (request.method() === 'POST' && path(request) === '/api/v1/videos')
      traffic.creations.push({
        status: response.status(),
        storageKey: request.postDataJSON().storage_key,
        body: request.postDataJSON(),
      })
    if (path(request) === '/api/v1/upload_multipart/signatures') traffic.multipartStarts++
    if (path(request) === '/api/v1/upload_signatures') traffic.singleSignatures++
    if (path(request) === '/api/v1/upload_multipart/complete')
      traffic.completes.push({ status: response.status() })
    if (url.origin === storageOrigin && request.method() !== 'OPTIONS')
      traffic.storageRequests.push({
        method: request.method(),
        url: response.url(),
        status: response.status(),
      })
  }
  const onFailed = (request: Request) => {
    if (new URL(request.url()).origin === storageOrigin)
      traffic.storageRequests.push({ method: request.method(), url: request.url(), status: null })
  }
  page.on('response', onResponse)
  page.on('requestfailed', onFailed)
  return traffic
}

/** The storage keys that became videos (201), each expected once. */
export const createdKeys = (traffic: UploadTraffic) =>
  traffic.creations.filter((creation) => creation.status === 201).map((c) => c.storageKey)
