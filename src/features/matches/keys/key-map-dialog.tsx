import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { keyMapQuery } from '@/api/queries/review'
import { defaultKeyMap, type KeyMap, reviewActions } from '@/api/review'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Kbd } from '@/components/ui/kbd'
import { codeLabel, useKeyboardLayout } from '@/components/ui/key-labels'
import { useToast } from '@/components/ui/toast'
import { actionWords, conflictsOf } from './key-map'
import { KeyMapFiles } from './key-map-files'
import { useKeyCapture } from './use-key-capture'
import { useSaveKeyMap } from './use-key-map'

/** "Review keys…": each action's key, changed by pressing the new one, then saved for the person. */
export default function KeyMapDialog({ onClose }: { onClose: () => void }) {
  const keys = useQuery(keyMapQuery())
  if (keys.isPending) {
    return (
      <Dialog title="Review keys" onClose={onClose}>
        <p role="status">Loading your keys…</p>
      </Dialog>
    )
  }
  return <KeyMapEditor saved={keys.data ?? defaultKeyMap} unread={keys.isError} onClose={onClose} />
}

function KeyMapEditor({
  saved,
  unread,
  onClose,
}: {
  saved: KeyMap
  /** The saved keys could not be read: the defaults are shown. */
  unread: boolean
  onClose: () => void
}) {
  const save = useSaveKeyMap()
  const toast = useToast()
  const layout = useKeyboardLayout()
  const [draft, setDraft] = useState<KeyMap>(saved)
  const [error, setError] = useState<string | null>(null)
  const firstChange = useRef<HTMLButtonElement>(null)
  const ids = useId()
  const label = (chord: string) => codeLabel(chord, layout)
  const capture = useKeyCapture({
    draft,
    layout,
    onChange: (action, chord) => {
      setError(null)
      setDraft((keys) => ({ ...keys, [action]: chord }))
    },
  })

  const conflicts = useMemo(() => conflictsOf(draft), [draft])
  const sharing = (action: (typeof reviewActions)[number]) =>
    (conflicts.get(draft[action]) ?? []).filter((other) => other !== action)
  const conflictWords =
    conflicts.size === 0
      ? null
      : [...conflicts]
          .map(
            ([chord, actions]) =>
              `${actions.map((action) => actionWords[action]).join(' and ')} share ${label(chord)}.`,
          )
          .join(' ')

  const replace = (keys: KeyMap, said: string) => {
    setError(null)
    setDraft(keys)
    capture.setStatus(said)
  }

  const submit = () => {
    if (conflictWords) return setError(`Not saved: ${conflictWords} Give one of them another key.`)
    save.mutate(draft, {
      onSuccess: () => {
        toast('Review keys saved.', { tone: 'success' })
        onClose()
      },
      onError: (failure) => setError(`Not saved: ${describeError(failure).detail}`),
    })
  }

  return (
    <Dialog
      title="Review keys"
      description="Each key works by its place on the keyboard, whatever letter your layout types there. Choose Change, then press the new key."
      onClose={() => capture.tookEscape() || onClose()}
      busy={save.isPending}
      initialFocus={firstChange}
      size="md"
      footer={
        <>
          <KeyMapFiles
            keys={draft}
            layout={layout}
            canExport={conflictWords}
            onImported={(keys, name) => replace(keys, `Imported ${name}: Save to keep these keys.`)}
            onError={setError}
          />
          <Button
            onClick={() => replace(defaultKeyMap, 'Back to the default keys: Save to keep them.')}
          >
            Reset to defaults
          </Button>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" busy={save.isPending} busyLabel="Saving…" onClick={submit}>
            Save
          </Button>
        </>
      }
    >
      <ul aria-label="Actions and their keys" className="divide-y divide-slate-100">
        {reviewActions.map((action, index) => {
          const others = sharing(action)
          const noteId = `${ids}-${action}`
          const note = capture.refusals[action]
            ? capture.refusals[action]
            : others.length > 0
              ? `Same key as ${others.map((other) => actionWords[other]).join(' and ')}: change one of them.`
              : null
          const waiting = capture.capturing === action
          return (
            <li key={action} data-action={action} className="space-y-1 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-3">
                <span className="min-w-48 flex-1 text-slate-900">{actionWords[action]}</span>
                <Kbd>{label(draft[action])}</Kbd>
                <Button
                  ref={index === 0 ? firstChange : undefined}
                  size="sm"
                  aria-label={
                    waiting
                      ? `Press a key for ${actionWords[action]}`
                      : `Change the key of ${actionWords[action]}, now ${label(draft[action])}`
                  }
                  aria-describedby={note ? noteId : undefined}
                  onClick={() => (waiting ? capture.stop() : capture.start(action))}
                  onKeyDown={(event) => capture.onKeyDown(action, event)}
                  onBlur={() => waiting && capture.stop()}
                >
                  {waiting ? 'Press a key' : 'Change'}
                </Button>
              </div>
              {note ? (
                <p
                  id={noteId}
                  className={
                    others.length > 0 || capture.refusals[action] ? 'font-medium text-red-800' : ''
                  }
                >
                  {note}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      {unread ? (
        <p className="mt-3 text-sm text-slate-800">
          Your saved keys could not be read: the default keys are shown.
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-700">
        Keys the browser keeps (Ctrl+W, Ctrl+T, Ctrl+N, Ctrl+Tab, Ctrl+L, F5, Alt+←…) and the
        screen’s own (Tab, Esc, Space, ↑, ↓, ?) cannot be review keys.
      </p>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {capture.status}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </Dialog>
  )
}
