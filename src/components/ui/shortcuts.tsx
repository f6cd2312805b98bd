import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'

export interface Shortcut {
  /** `KeyboardEvent.key` values, with `Shift+` where it matters (`Shift+A`); any one works. */
  keys: string[]
  /**
   * Physical keys (`KeyboardEvent.code`, with `Shift+` for the shifted one: `Shift+KeyA`), for
   * keys chosen by their place on the keyboard whatever its layout; any one works, as do `keys`.
   */
  codes?: string[]
  description: string
  /** Run when a key is pressed outside text fields. Without it the screen handles the key itself
   * (in a list, say), and it is only listed in the help. */
  onKey?: (event: KeyboardEvent) => void
}

export interface Registration {
  group: string
  shortcuts: () => Shortcut[]
}

interface Registry {
  register: (id: string, registration: Registration) => () => void
  openHelp: () => void
}

const RegistryContext = createContext<Registry | null>(null)

// The help is opened rarely, so its dialog's code loads when it is first opened.
const ShortcutsHelp = lazy(() => import('./shortcuts-help'))

const typingIn = (target: EventTarget | null) =>
  target instanceof Element &&
  target.closest(
    'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"]), textarea, select, [contenteditable="true"], [role="combobox"]',
  ) !== null

// A modal owns the keyboard: the screen's keys behind it wait until it closes.
const inModal = (target: EventTarget | null) =>
  target instanceof Element && target.closest('dialog[open]') !== null

function matchesCode(event: KeyboardEvent, chord: string) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false
  const shifted = chord.startsWith('Shift+')
  return event.shiftKey === shifted && event.code === (shifted ? chord.slice(6) : chord)
}

const matchesShortcut = (event: KeyboardEvent, shortcut: Shortcut) =>
  shortcut.keys.some((key) => matchesKey(event, key)) ||
  (shortcut.codes ?? []).some((chord) => matchesCode(event, chord))

function matchesKey(event: KeyboardEvent, key: string) {
  const [modifier, name] = key.startsWith('Shift+') ? ['shift', key.slice(6)] : [null, key]
  if (event.ctrlKey || event.metaKey || event.altKey) return false
  if (modifier === 'shift' && !event.shiftKey) return false
  return (
    event.key === name ||
    (name.length === 1 && event.key.toLowerCase() === name.toLowerCase() && modifier === 'shift')
  )
}

/**
 * Every screen registers its keys here (`useShortcuts`); `?` lists them all in one dialog.
 * Keys with `onKey` work anywhere outside a text field while their screen is shown.
 */
export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const [registrations, setRegistrations] = useState<Map<string, Registration>>(new Map())
  const [helpOpen, setHelpOpen] = useState(false)
  // Keys are looked up here, changed as a screen registers: a key pressed right after the screen
  // appears works, without waiting for the render that updates the help's copy.
  const live = useRef(new Map<string, Registration>())

  const register = useCallback((id: string, registration: Registration) => {
    live.current.set(id, registration)
    setRegistrations(new Map(live.current))
    return () => {
      live.current.delete(id)
      setRegistrations(new Map(live.current))
    }
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingIn(event.target) || inModal(event.target)) return
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault()
        setHelpOpen(true)
        return
      }
      for (const { shortcuts } of live.current.values()) {
        const shortcut = shortcuts().find(
          (candidate) => candidate.onKey && matchesShortcut(event, candidate),
        )
        if (shortcut?.onKey) {
          event.preventDefault()
          shortcut.onKey(event)
          return
        }
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const openHelp = useCallback(() => setHelpOpen(true), [])
  const registry = useMemo(() => ({ register, openHelp }), [register, openHelp])
  return (
    <RegistryContext.Provider value={registry}>
      {children}
      {helpOpen ? (
        <Suspense>
          <ShortcutsHelp
            registrations={[...registrations.values()]}
            onClose={() => setHelpOpen(false)}
          />
        </Suspense>
      ) : null}
    </RegistryContext.Provider>
  )
}

/** Registers a screen's keys for as long as it is shown. */
export function useShortcuts(group: string, shortcuts: Shortcut[]) {
  const registry = useContext(RegistryContext)
  const id = useId()
  const latest = useRef(shortcuts)
  latest.current = shortcuts
  // Re-registered only when what the help shows changes; handlers are read when a key is pressed.
  const listed = JSON.stringify(
    shortcuts.map(({ keys, codes, description }) => [keys, codes, description]),
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: `listed` stands for `shortcuts`
  useEffect(
    () => registry?.register(id, { group, shortcuts: () => latest.current }),
    [registry, id, group, listed],
  )
}

/** Opens the list of keyboard shortcuts (what `?` does), for a button that offers it. */
export function useShortcutsHelp() {
  return useContext(RegistryContext)?.openHelp
}
