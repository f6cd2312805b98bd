import type { Context, Hono } from 'hono'
import type { VideoImport } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Grant } from '../auth/tokens.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, payloadTooLarge, unprocessable } from '../http/api-error.ts'
import { isJson, readJsonObject } from '../http/body.ts'
import { validateBody } from '../http/contract.ts'
import { resolveChannel } from '../rules/access.ts'
import { iso } from '../rules/time.ts'
import { type CreateInput, insertVideo, publicationTime } from '../rules/video-create.ts'
import {
  downloadIntoStorage,
  inspectStoredVideo,
  VideoRejected,
} from '../rules/video-inspection.ts'
import { fetchPosterFromUrl, metadataColumns, storeForTagging } from '../rules/video-metadata.ts'
import {
  checkImportUrl,
  checkStorageKey,
  decodeInlineVideo,
  sourceKey,
  videoExtension,
} from '../rules/video-sources.ts'
import { loadVideoRow, renderVideos } from '../rules/video-view.ts'

// Option 1 (multipart file upload) is buffered by the sandbox, so it is capped well below the
// service's 5 GB; large files belong on the signed-upload path.
const multipartCreateLimit = 256 * 1024 * 1024
const overrides = { content_generation_type: 422 }

export function videoCreateRoute(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  app.post('/api/v1/videos', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const { input, file } = await readCreateRequest(c)
    const sources = [input.url, input.storage_key, input.file_base64, file].filter(
      (s) => s !== undefined,
    )
    if (sources.length !== 1)
      throw badRequest('Give exactly one of url, storage_key, file_base64 or a file')
    if (input.async !== undefined && input.url === undefined)
      throw badRequest('async is only valid with url')

    const channel = resolveChannel(db, grant, input.channel_id)
    const now = Date.now()
    const publishedAt = publicationTime(input, now)
    metadataColumns(input, null)
    const tagging = input.product_ids !== undefined || input.variant_ids !== undefined
    const storeId =
      tagging || input.business_store_id
        ? storeForTagging(sandbox, grant, input.business_store_id)
        : null
    const importUrl = input.url !== undefined ? checkImportUrl(input.url) : null
    sandbox.creationRate.check(channel.id, now)

    if (importUrl && input.async) return c.json(startImport(sandbox, grant, channel.id, input), 202)

    const publicId = sandbox.ids()
    const poster = await fetchPosterFromUrl(sandbox, publicId, input.poster_url)
    const storageKey = await storeSource(sandbox, grant, publicId, input, file, importUrl)
    const videoId = insertVideo(sandbox, {
      publicId,
      businessId: grant.businessId,
      channelId: channel.id,
      storageKey,
      storeId,
      input,
      publishedAt,
      poster,
    })
    sandbox.creationRate.record(channel.id, Date.now())
    sandbox.workers.pokeProcessing()
    const [video] = renderVideos(db, [loadVideoRow(db, videoId)], {
      fields: null,
      publicUrl: sandbox.publicUrl(),
      now: Date.now(),
    })
    return c.json(video, 201)
  })
}

interface UploadedFile {
  bytes: Buffer
  filename: string
}

async function readCreateRequest(
  c: Context,
): Promise<{ input: CreateInput; file: UploadedFile | undefined }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/form-data')) {
    if (Number(c.req.header('content-length') ?? '0') > multipartCreateLimit) {
      throw payloadTooLarge(
        'Multipart video uploads are limited to 256 MB here; use an upload signature',
      )
    }
    let form: Record<string, string | File | (string | File)[]>
    try {
      form = await c.req.parseBody({ all: false })
    } catch {
      throw badRequest('Malformed multipart/form-data body')
    }
    const metadata = form.metadata
    const file = form.file
    if (typeof metadata !== 'string') throw badRequest('metadata is required (a JSON string)')
    if (!(file instanceof File)) throw badRequest('file is required')
    let parsed: unknown
    try {
      parsed = JSON.parse(metadata)
    } catch {
      throw badRequest('metadata is not valid JSON')
    }
    const input = validateBody<CreateInput>('VideoCreateJson', parsed, overrides)
    for (const key of ['url', 'storage_key', 'file_base64', 'async'] as const) {
      if (input[key] !== undefined) throw badRequest(`${key} is not allowed in metadata`)
    }
    if (file.size > multipartCreateLimit) throw payloadTooLarge('File over 256 MB')
    return {
      input,
      file: { bytes: Buffer.from(await file.arrayBuffer()), filename: file.name || 'upload.mp4' },
    }
  }
  if (!isJson(c)) throw badRequest('Content-Type must be application/json or multipart/form-data')
  return {
    input: validateBody<CreateInput>('VideoCreateJson', await readJsonObject(c), overrides),
    file: undefined,
  }
}

async function storeSource(
  sandbox: Sandbox,
  grant: Grant,
  publicId: string,
  input: CreateInput,
  file: UploadedFile | undefined,
  importUrl: URL | null,
): Promise<string> {
  if (input.storage_key !== undefined) {
    await checkStorageKey(sandbox, grant, input.storage_key)
    return input.storage_key
  }
  let key: string
  if (importUrl) {
    key = sourceKey(publicId, /\.mov$/i.test(importUrl.pathname) ? 'mov' : 'mp4')
    await rejectAs400(() => downloadIntoStorage(sandbox, importUrl, key))
  } else {
    const bytes = file ? file.bytes : decodeInlineVideo(input.file_base64 as string)
    const extension = videoExtension(file ? file.filename : (input.filename ?? 'upload.mp4'))
    key = sourceKey(publicId, extension)
    await sandbox.storage.putObject(
      key,
      bytes,
      extension === 'mov' ? 'video/quicktime' : 'video/mp4',
      bytes.length,
    )
  }
  // Sources the sandbox holds in full are checked now, so a bad file is refused in the request;
  // signed uploads are checked by the processing worker and end errored instead.
  try {
    await rejectAs400(() => inspectStoredVideo(sandbox, key))
  } catch (error) {
    await sandbox.storage.deleteObject(key).catch(() => {})
    throw error
  }
  return key
}

async function rejectAs400<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof VideoRejected) {
      if (error.reason === 'duration_out_of_range') throw unprocessable(error.message)
      throw badRequest(error.message)
    }
    throw error
  }
}

function startImport(
  sandbox: Sandbox,
  grant: Grant,
  channelId: number,
  input: CreateInput,
): VideoImport {
  const now = Date.now()
  const publicId = sandbox.ids()
  const { url, async: _async, ...metadata } = input
  sandbox.db
    .prepare(
      'INSERT INTO imports (public_id, business_id, channel_id, url, metadata, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(publicId, grant.businessId, channelId, url, JSON.stringify(metadata), 'running', now)
  sandbox.creationRate.record(channelId, now)
  sandbox.workers.pokeImports()
  return {
    id: publicId,
    status: 'running',
    video_id: null,
    created_at: iso(now),
    completed_at: null,
    reason: null,
  }
}
