import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { ObjectFiles } from '../../server/sandbox/storage/object-files.ts'

export interface MultipartSignature {
  key: string
  upload_id: string
  parts: { part: number; signature: { put_url: string } }[]
}

export interface UploadedPart {
  part: number
  etag: string
}

/** The service API through the dashboard, which adds the token (as the app's own calls do). */
export class DashboardApi {
  constructor(
    private readonly baseUrl: string,
    private readonly session: Record<string, string>,
  ) {}

  private async call(path: string, init?: { method: string; body: unknown }): Promise<Response> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method: init?.method ?? 'GET',
      headers: { ...this.session, ...(init ? { 'content-type': 'application/json' } : {}) },
      ...(init ? { body: JSON.stringify(init.body) } : {}),
    })
    if (!response.ok) {
      throw new Error(
        `${init?.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`,
      )
    }
    return response
  }

  async firstChannelId(): Promise<string> {
    const body = (await (await this.call('/channels')).json()) as { channels: { id: string }[] }
    const id = body.channels[0]?.id
    if (!id) throw new Error('the sandbox has no channel')
    return id
  }

  async signatures(input: {
    filename: string
    channelId: string
    partsCount: number
  }): Promise<MultipartSignature> {
    const response = await this.call('/upload_multipart/signatures', {
      method: 'POST',
      body: {
        filename: input.filename,
        mime_type: 'video/mp4',
        channel_id: input.channelId,
        parts_count: input.partsCount,
      },
    })
    return (await response.json()) as MultipartSignature
  }

  async complete(signature: MultipartSignature, parts: UploadedPart[]): Promise<void> {
    await this.call('/upload_multipart/complete', {
      method: 'POST',
      body: { key: signature.key, upload_id: signature.upload_id, parts },
    })
  }
}

export const storageBucket = 'sandbox-uploads'

/** The assembled object's size as the sandbox serves it (`HEAD /cdn/{key}`). */
export async function storedSize(serviceUrl: string, key: string): Promise<number> {
  const path = key.split('/').map(encodeURIComponent).join('/')
  const response = await fetch(`${serviceUrl}/cdn/${path}`, { method: 'HEAD' })
  if (!response.ok) throw new Error(`HEAD /cdn/${key}: ${response.status}`)
  return Number(response.headers.get('content-length'))
}

/** Frees the disk between runs: the object's files in the sandbox's local store. */
export async function removeStoredObject(dataDir: string, key: string): Promise<void> {
  const storeDir = join(dataDir, 'objects')
  await new ObjectFiles(storeDir, join(storeDir, 'tmp')).remove(storageBucket, key)
}

/** Disk use of a file in bytes (allocated blocks), to tell whether it is sparse. */
export async function allocatedBytes(path: string): Promise<number> {
  return (await stat(path)).blocks * 512
}
