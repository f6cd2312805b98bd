import { lazy, Suspense, useEffect, useState } from 'react'

export const carriesFiles = (event: DragEvent) =>
  event.dataTransfer?.types.includes('Files') ?? false

const DropOverlay = lazy(() => import('./drop-overlay'))

/**
 * The library as a drop target for files. The overlay's code loads when files are first dragged
 * over the window; until it has, files dropped are still taken (not opened by the browser).
 */
export function FileDropOverlay({ onDrop }: { onDrop: (files: File[]) => void }) {
  const [dragged, setDragged] = useState(false)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    const hold = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      setDragged(true)
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      const files = Array.from(event.dataTransfer?.files ?? [])
      if (files.length > 0) onDrop(files)
    }
    window.addEventListener('dragenter', hold)
    window.addEventListener('dragover', hold)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', hold)
      window.removeEventListener('dragover', hold)
      window.removeEventListener('drop', drop)
    }
  }, [onDrop, ready])
  return dragged ? (
    <Suspense fallback={null}>
      <DropOverlay onDrop={onDrop} onReady={() => setReady(true)} />
    </Suspense>
  ) : null
}
