import { useRef } from 'react'
import type { KeyMap } from '@/api/review'
import { Button } from '@/components/ui/button'
import type { KeyboardLayout } from '@/components/ui/key-labels'
import { keyMapFile, readKeyMapFile } from './key-map'

/** Export the keys shown as a JSON file, and import one (checked whole: a bad file changes nothing). */
export function KeyMapFiles({
  keys,
  layout,
  canExport,
  onImported,
  onError,
}: {
  keys: KeyMap
  layout: KeyboardLayout | null
  /** Why the keys shown cannot be exported (two actions share a key), or null. */
  canExport: string | null
  onImported: (keys: KeyMap, fileName: string) => void
  onError: (message: string) => void
}) {
  const input = useRef<HTMLInputElement>(null)

  const exportKeys = () => {
    if (canExport) return onError(`Not exported: ${canExport}`)
    const url = URL.createObjectURL(new Blob([keyMapFile(keys)], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'review-keys.json'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return
    const outcome = readKeyMapFile(await file.text(), layout)
    if (outcome.error !== undefined) onError(`${file.name}: ${outcome.error}`)
    else onImported(outcome.keys, file.name)
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Key map file to import"
        onChange={(event) => {
          void importFile(event.currentTarget.files?.[0])
          event.currentTarget.value = ''
        }}
      />
      <Button onClick={() => input.current?.click()}>Import…</Button>
      <Button onClick={exportKeys}>Export</Button>
    </>
  )
}
