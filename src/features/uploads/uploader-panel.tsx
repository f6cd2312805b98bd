// Loaded lazily by the uploads screen: Uppy's Dashboard and its styles stay out of the entry chunk
// and the entry stylesheet.
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import './uploader-panel.css'
import Dashboard from '@uppy/dashboard'
import { useEffect, useRef, useState } from 'react'
import { Callout } from '@/components/ui/callout'
import { takeHandedOverFiles } from '@/lib/pending-uploads'
import { testSetting } from '@/lib/test-setting'
import { fileDetailsFields } from './details/file-details-fields'
import { RecoveryNotices, type Retry } from './recovery-notices'
import {
  createUploader,
  disposeUploader,
  type MissingFile,
  type UploaderOptions,
} from './uploader/create-uploader'
import { createUploadJournal } from './uploader/upload-journal'

// Tests (and only tests) lower the multipart threshold to send a small file in parts.
const MULTIPART_THRESHOLD_STORAGE_KEY = 'uploads:multipart-threshold-bytes'

// The panel keeps its own journal (shared with the notices it shows); the rest comes from the screen.
export default function UploaderPanel(props: Omit<UploaderOptions, 'journal'>) {
  const target = useRef<HTMLDivElement>(null)
  // The callbacks change with every render; the uploader reads the latest through this ref.
  const latest = useRef(props)
  latest.current = props
  const { channelId, multipartThresholdBytes } = props
  // Files dropped on the library. Kept here, not taken again, so an uploader re-created for this
  // panel (React's development double effects) still gets them.
  const handedOver = useRef<File[] | null>(null)
  const [missing, setMissing] = useState<MissingFile[]>([])
  const [detailsProblems, setDetailsProblems] = useState<string[]>([])
  const [resumed, setResumed] = useState<string[]>([])
  const [retries, setRetries] = useState<Record<string, Retry>>({})
  const forget = useRef<(fileId: string) => void>(() => {})

  // One uploader per mount (and channel); destroyed with the panel.
  useEffect(() => {
    if (!target.current) return
    const journal = createUploadJournal()
    const uppy = createUploader({
      journal,
      channelId,
      multipartThresholdBytes:
        multipartThresholdBytes ?? testSetting(MULTIPART_THRESHOLD_STORAGE_KEY),
      detailsFor: (file) => latest.current.detailsFor(file),
      onVideoCreated: (video, file) => latest.current.onVideoCreated?.(video, file),
      onCreationChange: (...args) => latest.current.onCreationChange?.(...args),
      onCreationsHeld: (until) => latest.current.onCreationsHeld?.(until),
      onRejected: (reason) => latest.current.onRejected?.(reason),
      detailsProblem: (file) => latest.current.detailsProblem?.(file) ?? null,
      onMissingFiles: setMissing,
      onDetailsProblems: setDetailsProblems,
      onResumed: setResumed,
      onRetryScheduled: (fileId, fileName, at, reason) =>
        setRetries((current) => ({ ...current, [fileId]: { fileName, at, reason } })),
    })
    uppy.on('upload-success', (file) => {
      if (file) setRetries(({ [file.id]: _done, ...rest }) => rest)
    })
    forget.current = (id) => {
      journal.forgetMissing(id)
      setMissing(journal.missing())
    }
    uppy.use(Dashboard, {
      id: 'Dashboard',
      inline: true,
      target: target.current,
      width: '100%',
      height: 420,
      theme: 'light',
      proudlyDisplayPoweredByUppy: false,
      showRemoveButtonAfterComplete: true,
      note: 'MP4 or MOV, 25 KB to 5 GB, 3 seconds to 1 hour.',
      metaFields: fileDetailsFields,
    })
    handedOver.current ??= takeHandedOverFiles()
    // Added as Uppy's Dashboard adds picked files; refused ones are reported like any other.
    if (handedOver.current.length > 0)
      uppy.addFiles(
        handedOver.current.map((file) => ({
          name: file.name,
          type: file.type,
          data: file,
          source: 'Library',
        })),
      )
    const listRoles = labelSingleFileList(target.current)
    return () => {
      listRoles.disconnect()
      disposeUploader(uppy)
    }
  }, [channelId, multipartThresholdBytes])

  return (
    <>
      {detailsProblems.length > 0 ? (
        <Callout role="alert" tone="danger" title="Nothing was sent: fix these details first">
          <ul className="list-disc pl-5">
            {detailsProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Callout>
      ) : null}
      <RecoveryNotices
        missing={missing}
        resumed={resumed}
        retries={retries}
        onForget={(id) => forget.current(id)}
      />
      <div ref={target} />
    </>
  )
}

// Uppy's Dashboard draws a lone file as a listitem without a list around it (FileList.js, the
// isSingleFile branch), which screen readers cannot place (axe: aria-required-parent).
function labelSingleFileList(root: HTMLElement) {
  const label = () => {
    for (const files of root.querySelectorAll('.uppy-Dashboard-files:not([role])'))
      files.setAttribute('role', 'list')
  }
  const observer = new MutationObserver(label)
  observer.observe(root, { childList: true, subtree: true })
  return observer
}
