import { lazy, Suspense, useEffect, useState } from 'react'

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

// Its words load with the first files dragged over the window: no first screen needs them.
const DropMessage = lazy(() => import('./drop-overlay'))

/**
 * Makes the whole window a drop target for files while the library is shown: an overlay says so
 * while files are dragged over it, and the dropped files go to `onDrop`. Other drags (text, links,
 * thumbnails) are left alone.
 */
export function FileDropOverlay({ onDrop }: { onDrop: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    // dragenter and dragleave fire for every element crossed; the count reaches 0 only when the
    // files leave the window.
    let depth = 0
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

  return dragging ? (
    <Suspense fallback={null}>
      <DropMessage />
    </Suspense>
  ) : null
}
