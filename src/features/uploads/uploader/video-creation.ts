import { ServiceError } from '@/api/client'
import { createVideo, getVideo } from '@/api/generated/sdk.gen'
import type { Video, VideoMetadata } from '@/api/generated/types.gen'
import { fullVideo } from '@/api/video-fields'
import { createCreationQueue } from './creation-queue'
import type { Uploader, UploaderOptions, VideoCreation } from './uploader-options'
import { withRetry } from './with-retry'

// Each stored object becomes one video: its key and details go to the journal when storage has
// it, and the video is asked for once, in the order the files finished (creation-queue.ts).

const usedKeyVideo = (error: unknown) =>
  error instanceof ServiceError && error.status === 422
    ? /already used by video (\S+)/.exec(error.message)?.[1]
    : undefined

type Job = { fileId: string; fileName: string; key: string; details: VideoMetadata }

const createOnce = ({ key, details }: Job) =>
  withRetry(() =>
    createVideo({ body: { ...details, storage_key: key }, throwOnError: true }).then(
      ({ data }) => fullVideo(data),
      async (error: unknown) => {
        // The first answer was lost (reload, network): the video exists already.
        const existing = usedKeyVideo(error)
        if (!existing) throw error
        const { data } = await getVideo({ path: { video_id: existing }, throwOnError: true })
        return fullVideo(data)
      },
    ),
  )

export function createVideosForStoredObjects(uppy: Uploader, options: UploaderOptions) {
  const { journal } = options
  const creations = new Map<string, Promise<void>>()
  const queue = createCreationQueue<Job, Video>({
    create: (job) => {
      options.onCreationChange?.(job.fileId, job.fileName, { state: 'creating' })
      return createOnce(job)
    },
    onHeld: (until) => options.onCreationsHeld?.(until),
  })

  const createFor = (fileId: string) => {
    const record = journal.creation(fileId)
    if (!record || record.videoId || creations.has(fileId)) return
    const report = (creation: VideoCreation) =>
      options.onCreationChange?.(fileId, record.fileName, creation)
    report({ state: 'queued' })
    const { fileName, key, metadata: details } = record
    const creation = queue.enqueue({ fileId, fileName, key, details }).then(
      (video) => {
        journal.videoCreated(fileId, video.id)
        report({ state: 'created', video })
        options.onVideoCreated?.(video, record.fileName)
      },
      (error: unknown) =>
        report({
          state: 'failed',
          message: error instanceof Error ? error.message : 'The video could not be created.',
        }),
    )
    creations.set(fileId, creation)
  }

  uppy.on('upload-success', (file, response) => {
    if (!file) return
    const key =
      response.body?.key ??
      (file as { s3Multipart?: { key?: string } }).s3Multipart?.key ??
      journal.multipart(file.id)?.key
    if (!key) return
    // Uppy reports restored, finished files again after a reload: their record stands.
    if (journal.creation(file.id)?.key === key) return createFor(file.id)
    journal.objectStored(file.id, {
      fileName: file.name ?? '',
      key,
      metadata: options.detailsFor(file),
    })
    createFor(file.id)
  })
  // The batch is complete only once its videos exist.
  uppy.addPostProcessor(async (fileIDs) => {
    await Promise.all(fileIDs.map((id) => creations.get(id)))
  })
  // Videos still owed from an earlier visit.
  for (const [fileId] of journal.creations()) queueMicrotask(() => createFor(fileId))
}
