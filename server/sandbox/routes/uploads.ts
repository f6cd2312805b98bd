import type { Hono } from 'hono'
import type {
  MultipartCompleteRequest,
  MultipartSignature,
  MultipartSignatureRequest,
  UploadSignatureRequest,
} from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import {
  ApiError,
  badRequest,
  forbidden,
  payloadTooLarge,
  unprocessable,
} from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { findChannel } from '../rules/access.ts'
import { maxVideoBytes, minVideoBytes } from '../rules/video-sources.ts'
import { StorageError } from '../storage/storage-client.ts'

export function uploadRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  // Keys are namespaced by business and a random part, so two uploads never share an object.
  const newKey = (grant: Grant, filename: string) => {
    const business = db
      .prepare('SELECT public_id FROM businesses WHERE id = ?')
      .get(grant.businessId) as {
      public_id: string
    }
    return `uploads/${business.public_id}/${sandbox.ids()}/${filename.replace(/[^A-Za-z0-9._-]/g, '_')}`
  }

  const remember = (
    grant: Grant,
    channelId: number,
    key: string,
    mime: string,
    uploadId: string | null,
  ) =>
    db
      .prepare(
        'INSERT INTO upload_keys (key, business_id, channel_id, mime_type, upload_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(key, grant.businessId, channelId, mime, uploadId, Date.now())

  app.post('/api/v1/upload_signatures', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const input = validateBody<UploadSignatureRequest>(
      'UploadSignatureRequest',
      await readJsonObject(c),
      {
        filename: 400,
      },
    )
    checkFilename(input.filename)
    const channel = findChannel(db, grant, input.channel_id)
    const key = newKey(grant, input.filename)
    const signature = await sandbox.storage.presignPost(key, input.mime_type)
    remember(grant, channel.id, key, input.mime_type, null)
    return c.json(signature, 201)
  })

  app.post('/api/v1/upload_multipart/signatures', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const input = validateBody<MultipartSignatureRequest>(
      'MultipartSignatureRequest',
      await readJsonObject(c),
      {
        filename: 400,
        parts_count: 400,
      },
    )
    checkFilename(input.filename)
    const channel = findChannel(db, grant, input.channel_id)
    const key = newKey(grant, input.filename)
    const uploadId = await sandbox.storage.createMultipartUpload(key, input.mime_type)
    const parts: MultipartSignature['parts'] = []
    for (let part = 1; part <= input.parts_count; part++) {
      parts.push({
        part,
        signature: { put_url: await sandbox.storage.presignUploadPart(key, uploadId, part), key },
      })
    }
    remember(grant, channel.id, key, input.mime_type, uploadId)
    const body: MultipartSignature = { key, upload_id: uploadId, parts }
    return c.json(body, 201)
  })

  app.post('/api/v1/upload_multipart/complete', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const overrides = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [
        [`parts.${i}.part`, 400],
        [`parts.${i}.etag`, 400],
      ]).flat(),
    )
    const input = validateBody<MultipartCompleteRequest>(
      'MultipartCompleteRequest',
      await readJsonObject(c),
      {
        key: 400,
        upload_id: 400,
        ...overrides,
      },
    )
    const numbers = new Set(input.parts.map((p) => p.part))
    if (numbers.size !== input.parts.length) throw badRequest('Duplicate part numbers')
    const upload = db
      .prepare('SELECT business_id, upload_id FROM upload_keys WHERE key = ?')
      .get(input.key) as { business_id: number; upload_id: string | null } | undefined
    if (!upload || upload.upload_id !== input.upload_id)
      throw badRequest('Unknown key or upload_id')
    if (upload.business_id !== grant.businessId) throw forbidden('No access to this upload')

    const parts = [...input.parts].sort((a, b) => a.part - b.part)
    try {
      await sandbox.storage.completeMultipartUpload(input.key, input.upload_id, parts)
    } catch (error) {
      // A complete whose answer was lost is retried by clients; the assembled object proves it.
      if (
        error instanceof StorageError &&
        error.code === 'NoSuchUpload' &&
        (await sandbox.storage.head(input.key))
      ) {
        return c.body(null, 204)
      }
      if (error instanceof StorageError && error.status >= 400 && error.status < 500) {
        throw badRequest('Multipart upload failed')
      }
      throw new ApiError(500, 'Storage is temporarily unavailable; retry')
    }
    const head = await sandbox.storage.head(input.key)
    if (!head) throw new ApiError(500, 'Storage is temporarily unavailable; retry')
    if (head.size < minVideoBytes || head.size > maxVideoBytes) {
      await sandbox.storage.deleteObject(input.key)
      if (head.size < minVideoBytes) throw badRequest('File too small (min 25KB)')
      throw payloadTooLarge('File too large (max 5GB)')
    }
    return c.body(null, 204)
  })
}

// filename must be a basename; a non-video extension is refused as blocked/unsupported (422).
function checkFilename(filename: string) {
  if (/[/\\]/.test(filename) || filename === '.' || filename === '..' || filename.includes('\0')) {
    throw badRequest('filename must be a basename')
  }
  if (!/\.(mp4|mov)$/i.test(filename))
    throw unprocessable('Blocked or unsupported filename extension: use .mp4 or .mov')
}
