import { useRef } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'
import { Kbd } from './kbd'
import { codeLabel, useKeyboardLayout } from './key-labels'
import type { Registration, Shortcut } from './shortcuts'

const printed: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
  Escape: 'Esc',
}

/** Every key the screens shown have registered, by group (what `?` opens). */
export default function ShortcutsHelp({
  registrations,
  onClose,
}: {
  registrations: Registration[]
  onClose: () => void
}) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const layout = useKeyboardLayout()
  const groups = new Map<string, Shortcut[]>([
    ['Everywhere', [{ keys: ['?'], description: 'Show these keyboard shortcuts' }]],
  ])
  for (const { group, shortcuts } of registrations)
    groups.set(group, [...(groups.get(group) ?? []), ...shortcuts()])
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={onClose}
      initialFocus={closeRef}
      size="md"
      footer={
        <Button ref={closeRef} onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="max-h-[60vh] space-y-4 overflow-y-auto">
        {[...groups].map(([group, shortcuts]) => (
          <section key={group} aria-label={group}>
            <h3 className="text-sm font-semibold text-slate-900">{group}</h3>
            <dl className="mt-1 divide-y divide-slate-100">
              {shortcuts.map((shortcut, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: two screens may list the same words
                  key={`${index}:${shortcut.description}`}
                  className="flex items-center justify-between gap-4 py-1.5 text-sm"
                >
                  <dt className="text-slate-800">{shortcut.description}</dt>
                  <dd className="flex gap-1">
                    {(shortcut.codes ?? []).map((chord) => (
                      <Kbd key={chord}>{codeLabel(chord, layout)}</Kbd>
                    ))}
                    {shortcut.keys.map((key) => (
                      <Kbd key={key}>{printed[key] ?? key}</Kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
