/** Helpers for signed uploads (document 1 sections 2.5 and 4.3). */
import { expect } from 'vitest'
import type { MultipartSignature, UploadSignature } from '@/api/generated/types.gen.ts'
import type { Harness } from './harness.ts'

export async function signUpload(
  h: Harness,
  channelId: string,
  filename = 'clip.mp4',
  mimeType = 'video/mp4',
): Promise<UploadSignature> {
  const res = await h.api<UploadSignature>('POST', '/api/v1/upload_signatures', {
    json: { channel_id: channelId, filename, mime_type: mimeType },
  })
  expect(res.status, res.text).toBe(201)
  return res.json
}

/** The documented form POST: key, acl, the four storage fields, Policy, Content-Type, file. */
export function uploadForm(
  sig: UploadSignature,
  file: Buffer,
  mimeType = 'video/mp4',
  overrides: Partial<Record<string, string>> = {},
): FormData {
  const fields: Array<[string, string]> = [
    ['key', sig.key],
    ['acl', sig.acl],
    ['X-Amz-Algorithm', sig.algorithm],
    ['X-Amz-Credential', sig.credential],
    ['X-Amz-Date', sig.date],
    ['Policy', sig.policy],
    ['X-Amz-Signature', sig.signature],
    ['Content-Type', mimeType],
  ]
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, overrides[name] ?? value)
  form.append('file', new Blob([new Uint8Array(file)], { type: mimeType }), 'clip.mp4')
  return form
}

export async function postToStorage(url: string, form: FormData) {
  const res = await fetch(url, { method: 'POST', body: form })
  return { status: res.status, text: await res.text() }
}

/** Signs, uploads and returns the storage key of a single upload. */
export async function uploadSingle(h: Harness, channelId: string, file: Buffer): Promise<string> {
  const sig = await signUpload(h, channelId)
  const res = await postToStorage(sig.post_url, uploadForm(sig, file))
  expect(res.status, res.text).toBe(204)
  return sig.key
}

export async function signMultipart(
  h: Harness,
  channelId: string,
  partsCount: number,
): Promise<MultipartSignature> {
  const res = await h.api<MultipartSignature>('POST', '/api/v1/upload_multipart/signatures', {
    json: {
      channel_id: channelId,
      filename: 'big.mp4',
      mime_type: 'video/mp4',
      parts_count: partsCount,
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.json
}

/** PUTs a part to its presigned address; returns the status and ETag. */
export async function putPart(putUrl: string, bytes: Buffer) {
  const res = await fetch(putUrl, { method: 'PUT', body: new Uint8Array(bytes) })
  await res.arrayBuffer()
  return { status: res.status, etag: res.headers.get('etag') }
}
