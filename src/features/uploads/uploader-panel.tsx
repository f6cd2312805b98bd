// Loaded lazily by the uploads screen: Uppy's Dashboard and its styles stay out of the entry chunk
// and the entry stylesheet.
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import './uploader-panel.css'
import Dashboard from '@uppy/dashboard'
import { useEffect, useRef } from 'react'
import { takeHandedOverFiles } from '../../lib/pending-uploads'
import { createUploader, type UploaderOptions } from './uploader/create-uploader'

// Tests (and only tests) lower the multipart threshold to send a small file in parts.
export const MULTIPART_THRESHOLD_STORAGE_KEY = 'uploads:multipart-threshold-bytes'

function thresholdOverride(): number | undefined {
  try {
    const value = Number(window.localStorage.getItem(MULTIPART_THRESHOLD_STORAGE_KEY))
    return Number.isSafeInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

export default function UploaderPanel(props: UploaderOptions) {
  const target = useRef<HTMLDivElement>(null)
  // The callbacks change with every render; the uploader reads the latest through this ref.
  const latest = useRef(props)
  latest.current = props
  const { channelId, multipartThresholdBytes } = props
  // Files dropped on the library. Kept here, not taken again, so an uploader re-created for this
  // panel (React's development double effects) still gets them.
  const handedOver = useRef<File[] | null>(null)

  // One uploader per mount (and channel); destroyed with the panel.
  useEffect(() => {
    if (!target.current) return
    const uppy = createUploader({
      channelId,
      multipartThresholdBytes: multipartThresholdBytes ?? thresholdOverride(),
      metadataFor: (file) => latest.current.metadataFor(file),
      onVideoCreated: (video, file) => latest.current.onVideoCreated?.(video, file),
      onCreationChange: (...args) => latest.current.onCreationChange?.(...args),
      onCreationsHeld: (until) => latest.current.onCreationsHeld?.(until),
      onRejected: (reason) => latest.current.onRejected?.(reason),
    })
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
      metaFields: [
        {
          id: 'caption',
          name: 'Caption',
          placeholder: 'Leave empty to use the caption pattern',
        },
      ],
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
    return () => uppy.destroy()
  }, [channelId, multipartThresholdBytes])

  return <div ref={target} />
}
