import { useEffect, useState } from 'react'

// A physical key (`KeyboardEvent.code`, e.g. `KeyA`, `Shift+Digit1`) printed as the person's
// layout prints it where the browser tells (Chromium's keyboard map: `KeyA` is Q on AZERTY), else
// as a US QWERTY keyboard does, which is what `code` names.
export type KeyboardLayout = ReadonlyMap<string, string>

const named: Record<string, string> = {
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  Space: 'Space',
  Escape: 'Esc',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
}

const qwerty: Record<string, string> = {
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  IntlBackslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Comma: ',',
  Period: '.',
  Slash: '/',
}

const modifierNames: Record<string, string> = {
  Ctrl: 'Ctrl',
  Alt: 'Alt',
  Shift: 'Shift',
  Meta: '⌘',
}

function baseLabel(code: string, layout: KeyboardLayout | null | undefined) {
  const fixed = named[code]
  if (fixed) return fixed
  const printed = layout?.get(code)
  if (printed?.trim()) return printed.toUpperCase()
  const letter = /^Key([A-Z])$/.exec(code)
  if (letter) return letter[1] as string
  const digit = /^Digit(\d)$/.exec(code)
  if (digit) return digit[1] as string
  const numpad = /^Numpad(.+)$/.exec(code)
  if (numpad) return `Num ${numpad[1]}`
  return qwerty[code] ?? code
}

/** `Shift+KeyA` as `Shift+A` (or `Shift+Q` on an AZERTY layout the browser reports). */
export function codeLabel(chord: string, layout?: KeyboardLayout | null): string {
  const parts = chord.split('+')
  const code = parts.pop() ?? chord
  return [...parts.map((part) => modifierNames[part] ?? part), baseLabel(code, layout)].join('+')
}

interface KeyboardApi {
  getLayoutMap?: () => Promise<KeyboardLayout>
}

// Read once a page: asking again per screen would only repeat the same answer.
let known: KeyboardLayout | null | undefined
let reading: Promise<KeyboardLayout | null> | undefined

function readLayout() {
  reading ??= (async () => {
    const api = (navigator as Navigator & { keyboard?: KeyboardApi }).keyboard
    try {
      known = (await api?.getLayoutMap?.()) ?? null
    } catch {
      known = null
    }
    return known
  })()
  return reading
}

/** The person's keyboard layout, where the browser tells it (null otherwise, or until known). */
export function useKeyboardLayout(): KeyboardLayout | null {
  const [layout, setLayout] = useState(known ?? null)
  useEffect(() => {
    if (known !== undefined) {
      setLayout(known)
      return
    }
    let live = true
    void readLayout().then((map) => live && setLayout(map))
    return () => {
      live = false
    }
  }, [])
  return layout
}
