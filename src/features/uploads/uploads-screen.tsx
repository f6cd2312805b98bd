import { lazy, Suspense, useCallback, useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { Callout } from '@/components/ui/callout'
import { panelClasses } from '@/components/ui/control-styles'
import { PageHeader } from '@/components/ui/page-header'
import { Tabs } from '@/components/ui/tabs'
import { usePermission } from '@/lib/permissions'
import { useDrawnLater } from '@/lib/use-drawn-later'
import { UploadDetailsForm } from './details/upload-details-form'
import { useUploadDetails } from './details/use-upload-details'
import { type CreationRow, UploadResults } from './upload-results'
import type { VideoCreation } from './uploader/create-uploader'
import { UrlImportSection } from './url-import/url-import-section'

const UploaderPanel = lazy(() => import('./uploader-panel'))
const loadingUploader = <p className="text-slate-700">Loading the uploader…</p>

export interface UploadsScreenProps {
  channelId: string | null
  /** The way in shown: picking files, or importing from a URL. */
  addFrom: AddFrom
  onAddFromChange: (way: AddFrom) => void
  /** Called for every video created from an upload (the route refreshes the library with it). */
  onVideoCreated: (video: Video) => void
}

type AddFrom = 'files' | 'url'

export function UploadsScreen({ channelId, ...props }: UploadsScreenProps) {
  const upload = usePermission('createUploadSignature')
  return (
    <section aria-labelledby="uploads-title" className="space-y-4">
      <PageHeader
        title="Uploads"
        titleId="uploads-title"
        description="MP4 or MOV videos go straight to storage, and each becomes a video in the library with the details for every file."
      />
      {!upload.allowed ? (
        <Callout tone="info" title="Uploading is not part of your role">
          {upload.reason}
        </Callout>
      ) : channelId ? (
        <Uploads key={channelId} channelId={channelId} {...props} />
      ) : (
        <p className="text-slate-700">This business has no channel yet.</p>
      )}
    </section>
  )
}

// The drop zone and its queue come first, where a laptop screen shows them without scrolling;
// the details for every file sit beside them (folded under a summary on narrow screens), and a
// URL import is the second way in.
function Uploads({
  channelId,
  addFrom,
  onAddFromChange,
  onVideoCreated,
}: Omit<UploadsScreenProps, 'channelId'> & { channelId: string }) {
  // The details form defaults to the screen's channel; each video's channel comes from the form.
  const details = useUploadDetails(channelId)
  const [rejected, setRejected] = useState<string[]>([])
  const [rows, setRows] = useState<Record<string, CreationRow>>({})
  const [heldUntil, setHeldUntil] = useState<number | null>(null)
  // Uppy's dashboard draws its own view as it mounts: drawn in the click that opened the screen,
  // it held the screen's first paint (the click read 104-192 ms with the uploader's code loaded).
  const uploaderDrawn = useDrawnLater()

  const onCreationChange = useCallback(
    (fileId: string, fileName: string, creation: VideoCreation) =>
      setRows((current) => ({ ...current, [fileId]: { fileName, creation } })),
    [],
  )
  const onRejected = useCallback(
    (reason: string) => setRejected((current) => [...current, reason].slice(-20)),
    [],
  )
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="min-w-0 space-y-4">
        <Tabs
          label="How to add videos"
          selectedId={addFrom === 'url' ? 'import-url' : 'upload-files'}
          onSelect={(id) => onAddFromChange(id === 'import-url' ? 'url' : 'files')}
          tabs={[
            {
              id: 'upload-files',
              label: 'Upload files',
              content: uploaderDrawn ? (
                <Suspense fallback={loadingUploader}>
                  <UploaderPanel
                    channelId={channelId}
                    detailsFor={details.detailsFor}
                    detailsProblem={details.detailsProblem}
                    onVideoCreated={onVideoCreated}
                    onCreationChange={onCreationChange}
                    onCreationsHeld={setHeldUntil}
                    onRejected={onRejected}
                  />
                </Suspense>
              ) : (
                loadingUploader
              ),
            },
            {
              id: 'import-url',
              label: 'Import from a URL',
              content: (
                <UrlImportSection
                  channelId={channelId}
                  detailsFor={(name) =>
                    details.detailsProblem({ name, meta: {} })
                      ? null
                      : details.detailsFor({ name, meta: {} })
                  }
                  onVideoCreated={onVideoCreated}
                />
              ),
            },
          ]}
        />
        <UploadResults rejected={rejected} rows={rows} heldUntil={heldUntil} />
      </div>
      <aside
        aria-labelledby="upload-details-title"
        className={`${panelClasses} lg:sticky lg:top-4`}
      >
        <UploadDetailsForm form={details.form} onReset={details.reset} />
      </aside>
    </div>
  )
}
