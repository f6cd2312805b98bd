import type { Context, Hono } from 'hono'
import type { Subtitle, SubtitleJson, SubtitleList } from '../../../src/api/generated/types.gen.ts'
import { authorize } from '../auth/guard.ts'
import type { Sandbox } from '../context.ts'
import { badRequest, notFound } from '../http/api-error.ts'
import { readJsonObject } from '../http/body.ts'
import { contractSchema, validateBody } from '../http/contract.ts'
import { fetchRemoteFile } from '../rules/remote-images.ts'
import { videoInPath } from './video-in-path.ts'

const maxSubtitleBytes = 5 * 1024 * 1024

interface SubtitleUpload {
  language: string
  isCc: boolean
  text: Buffer
  format: 'vtt' | 'srt'
}

export function subtitleRoutes(app: Hono, sandbox: Sandbox) {
  const { db } = sandbox

  app.get('/api/v1/videos/:video_id/subtitles', (c) => {
    const grant = authorize(db, c, ['videos:read'])
    const video = videoInPath(c, db, grant)
    const rows = db
      .prepare(
        'SELECT public_id, language, is_cc, storage_key FROM subtitles WHERE video_id = ? ORDER BY id',
      )
      .all(video.id) as Array<{
      public_id: string
      language: string
      is_cc: number
      storage_key: string
    }>
    const body: SubtitleList = {
      subtitles: rows.map((row) => ({
        id: row.public_id,
        language: row.language,
        is_cc: row.is_cc === 1,
        url: trackUrl(sandbox, row.storage_key),
      })),
    }
    return c.json(body)
  })

  app.post('/api/v1/videos/:video_id/subtitles', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const video = videoInPath(c, db, grant)
    const upload = await readSubtitle(c, sandbox)
    const publicId = sandbox.ids()
    const key = `subtitles/${video.public_id}/${publicId}.${upload.format}`
    await sandbox.storage.putObject(
      key,
      upload.text,
      upload.format === 'vtt' ? 'text/vtt' : 'application/x-subrip',
    )
    db.prepare(
      'INSERT INTO subtitles (public_id, video_id, language, is_cc, format, storage_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(publicId, video.id, upload.language, upload.isCc ? 1 : 0, upload.format, key, Date.now())
    const body: Subtitle = {
      id: publicId,
      language: upload.language,
      is_cc: upload.isCc,
      url: trackUrl(sandbox, key),
    }
    return c.json(body, 201)
  })

  app.delete('/api/v1/videos/:video_id/subtitles/:subtitle_id', async (c) => {
    const grant = authorize(db, c, ['videos:write'])
    const video = videoInPath(c, db, grant)
    const row = db
      .prepare('SELECT id, storage_key FROM subtitles WHERE public_id = ? AND video_id = ?')
      .get(c.req.param('subtitle_id'), video.id) as { id: number; storage_key: string } | undefined
    if (!row) throw notFound('Subtitle')
    db.prepare('DELETE FROM subtitles WHERE id = ?').run(row.id)
    await sandbox.storage.deleteObject(row.storage_key).catch(() => {})
    return c.body(null, 204)
  })
}

// Assumed: the track file on the CDN, as the player reads it.
const trackUrl = (sandbox: Sandbox, key: string) =>
  `${sandbox.publicUrl()}/cdn/${key.split('/').map(encodeURIComponent).join('/')}`

async function readSubtitle(c: Context, sandbox: Sandbox): Promise<SubtitleUpload> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/form-data')) {
    if (Number(c.req.header('content-length') ?? '0') > maxSubtitleBytes + 64 * 1024) {
      throw badRequest('Subtitle file is over 5 MB')
    }
    let form: Record<string, string | File | (string | File)[]>
    try {
      form = await c.req.parseBody()
    } catch {
      throw badRequest('Malformed multipart/form-data body')
    }
    const { language, file, is_cc } = form
    if (typeof language !== 'string' || language === '') throw badRequest('language is required')
    if (!(file instanceof File)) throw badRequest('file is required')
    checkLanguage(language)
    if (file.size > maxSubtitleBytes) throw badRequest('Subtitle file is over 5 MB')
    const text = Buffer.from(await file.arrayBuffer())
    const named = /\.(vtt|srt)$/i.exec(file.name)?.[1]?.toLowerCase()
    if (!named) throw badRequest('Subtitle file must be .vtt or .srt')
    return {
      language,
      isCc: is_cc === 'true' || is_cc === '1',
      text,
      format: sniff(text, named as 'vtt' | 'srt'),
    }
  }
  const body = await readJsonObject(c, maxSubtitleBytes * 2)
  const input = validateBody<SubtitleJson>('SubtitleJson', body, { language: 422, url: 400 })
  if ((input.content === undefined) === (input.url === undefined)) {
    throw badRequest('Give exactly one of content or url')
  }
  if (input.content !== undefined) {
    const text = Buffer.from(input.content, 'utf8')
    if (text.length > maxSubtitleBytes) throw badRequest('Subtitle content is over 5 MB')
    return { language: input.language, isCc: input.is_cc ?? false, text, format: sniff(text, null) }
  }
  const { body: text, extension } = await fetchRemoteFile(
    sandbox,
    input.url as string,
    ['vtt', 'srt'],
    maxSubtitleBytes,
    'Subtitle',
  )
  return {
    language: input.language,
    isCc: input.is_cc ?? false,
    text,
    format: sniff(text, extension as 'vtt' | 'srt'),
  }
}

function checkLanguage(language: string) {
  if (!contractSchema('BcpLanguage')(language)) {
    throw badRequest('language must be a BCP-47 code such as en or en-US')
  }
}

// The content decides: WebVTT starts with its signature line, SubRip with a numbered cue.
function sniff(text: Buffer, named: 'vtt' | 'srt' | null): 'vtt' | 'srt' {
  const head = text
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  if (/^WEBVTT(\s|$)/.test(head)) return 'vtt'
  if (/^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{3}\s*-->/.test(head)) return 'srt'
  throw badRequest(
    named
      ? `The file is not valid ${named === 'vtt' ? 'WebVTT' : 'SubRip'}`
      : 'content is not WebVTT or SubRip text',
  )
}
