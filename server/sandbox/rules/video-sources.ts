import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, unprocessable } from '../http/api-error.ts'

export const minVideoBytes = 25 * 1024
export const maxVideoBytes = 5 * 1024 ** 3
export const maxInlineBytes = 5 * 1024 * 1024

export function sourceKey(videoPublicId: string, extension: string) {
  return `videos/${videoPublicId}/source.${extension}`
}

// A storage_key is usable only by the business that signed it, once, and only after the object
// is actually in storage.
export async function checkStorageKey(sandbox: Sandbox, grant: Grant, key: string) {
  const signed = sandbox.db.prepare('SELECT business_id FROM upload_keys WHERE key = ?').get(key) as
    | { business_id: number }
    | undefined
  if (!signed || signed.business_id !== grant.businessId) {
    throw badRequest('storage_key was not issued to this business by an upload signature')
  }
  const used = sandbox.db.prepare('SELECT public_id FROM videos WHERE storage_key = ?').get(key) as
    | { public_id: string }
    | undefined
  if (used) throw unprocessable(`storage_key was already used by video ${used.public_id}`)
  const head = await sandbox.storage.head(key)
  if (!head) throw badRequest('No uploaded file is stored under storage_key')
  if (head.size > maxVideoBytes) throw badRequest('File too large (max 5GB)')
  if (head.size < minVideoBytes) throw badRequest('File too small (min 25KB)')
}

export function decodeInlineVideo(value: string): Buffer {
  const stripped = value.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(stripped) || stripped.length % 4 === 1) {
    throw badRequest('file_base64 is not valid base64')
  }
  if (Math.floor((stripped.length * 3) / 4) > maxInlineBytes + 3) {
    throw badRequest('file_base64 is over 5 MB decoded')
  }
  const bytes = Buffer.from(stripped, 'base64')
  if (bytes.length > maxInlineBytes) throw badRequest('file_base64 is over 5 MB decoded')
  return bytes
}

export function videoExtension(filename: string): 'mp4' | 'mov' {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename)
  const extension = match?.[1]?.toLowerCase()
  if (extension === 'mp4' || extension === 'mov') return extension
  throw badRequest('Unsupported file type: only .mp4 and .mov videos are accepted')
}

// URL import rules (section 4.4): http(s), a hostname with at least one dot, a path component.
export function checkImportUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw badRequest('url is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('url must use http or https')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!host.includes('.')) throw badRequest('url hostname must contain a dot')
  if (url.pathname === '/' || url.pathname === '') throw badRequest('url must have a path')
  return url
}
