import { useEffect, useState } from 'react'

import { carriesFiles } from './file-drop-overlay'

/**
 * Makes the whole window a drop target for files while the library is shown: an overlay says so
 * while files are dragged over it, and the dropped files go to `onDrop`. Other drags (text, links,
 * thumbnails) are left alone. It loads with the first files dragged over the window, so it starts
 * with them over it.
 */
export default function DropOverlay({
  onDrop,
  onReady,
}: {
  onDrop: (files: File[]) => void
  /** Its listeners are on: the stand-in's may go. */
  onReady: () => void
}) {
  const [dragging, setDragging] = useState(true)
  useEffect(() => onReady(), [onReady])

  useEffect(() => {
    // dragenter and dragleave fire for every element crossed; the count reaches 0 only when the
    // files leave the window.
    let depth = 1
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth += 1
      setDragging(true)
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      const files = Array.from(event.dataTransfer?.files ?? [])
      if (files.length > 0) onDrop(files)
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [onDrop])

  if (!dragging) return null
  return (
    <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-slate-900/50 p-8">
      <div className="rounded-xl border-4 border-dashed border-indigo-600 bg-white px-12 py-10 text-center shadow-xl">
        <p className="text-2xl font-semibold text-slate-900">Drop to upload</p>
        <p className="mt-2 text-sm text-slate-700">
          The videos open on the uploads screen, ready to send with the details you choose there.
        </p>
      </div>
    </div>
  )
}
