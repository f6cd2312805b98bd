import type { Sandbox } from '../context.ts'
import { firstStore } from '../rules/access.ts'
import { type CreateInput, insertVideo, publicationTime } from '../rules/video-create.ts'
import {
  downloadIntoStorage,
  inspectStoredVideo,
  VideoRejected,
} from '../rules/video-inspection.ts'
import { fetchPosterFromUrl } from '../rules/video-metadata.ts'
import { checkImportUrl, sourceKey } from '../rules/video-sources.ts'

interface ImportRow {
  id: number
  business_id: number
  channel_id: number
  url: string
  metadata: string
}

// Section 3.4: download and validate first; only a file that passes becomes a video record (and
// fills video_id). Failures before that end the job errored with a video_import_failed event.
export async function runDueImports(sandbox: Sandbox): Promise<boolean> {
  const job = sandbox.db
    .prepare(
      `SELECT id, business_id, channel_id, url, metadata FROM imports WHERE status = 'running' AND started = 0 ORDER BY id LIMIT 1`,
    )
    .get() as ImportRow | undefined
  if (!job) return false
  sandbox.db.prepare('UPDATE imports SET started = 1 WHERE id = ?').run(job.id)
  await runImport(sandbox, job)
  return true
}

async function runImport(sandbox: Sandbox, job: ImportRow) {
  const publicId = sandbox.ids()
  const url = checkImportUrl(job.url)
  const key = sourceKey(publicId, /\.mov$/i.test(url.pathname) ? 'mov' : 'mp4')
  const input = JSON.parse(job.metadata) as CreateInput
  try {
    await downloadIntoStorage(sandbox, url, key)
    await inspectStoredVideo(sandbox, key)
  } catch (error) {
    await sandbox.storage.deleteObject(key).catch(() => {})
    const reason = error instanceof VideoRejected ? error.reason : 'internal_error'
    if (!(error instanceof VideoRejected))
      sandbox.config.log(`import ${job.id}: ${(error as Error).message}`)
    sandbox.db
      .prepare(`UPDATE imports SET status = 'errored', reason = ?, completed_at = ? WHERE id = ?`)
      .run(reason, Date.now(), job.id)
    sandbox.events.importFailed(job.id)
    return
  }
  const poster = await fetchPosterFromUrl(sandbox, publicId, input.poster_url).catch(() => null)
  const store = input.business_store_id
    ? (sandbox.db
        .prepare(
          'SELECT id FROM stores WHERE public_id = ? AND business_id = ? AND deleted_at IS NULL',
        )
        .get(input.business_store_id, job.business_id) as { id: number } | undefined)
    : firstStore(sandbox.db, job.business_id)
  let publishedAt: number | null
  try {
    publishedAt = publicationTime(input, Date.now())
  } catch {
    // The schedule was valid when the import was accepted; if it has since passed, publish now.
    publishedAt = Date.now()
  }
  const videoId = insertVideo(sandbox, {
    publicId,
    businessId: job.business_id,
    channelId: job.channel_id,
    storageKey: key,
    storeId: store?.id ?? null,
    importId: job.id,
    input,
    publishedAt,
    poster,
  })
  sandbox.db.prepare('UPDATE imports SET video_id = ? WHERE id = ?').run(videoId, job.id)
  sandbox.workers.pokeProcessing()
}
