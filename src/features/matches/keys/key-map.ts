import { type KeyMap, keyMapSchema, type ReviewAction, reviewActions } from '@/api/review'
import { codeLabel, type KeyboardLayout } from '@/components/ui/key-labels'

/** What each review action does, as the keys' help and the key map dialog say it. */
export const actionWords: Record<ReviewAction, string> = {
  accept: 'Accept the suggestion',
  reject: 'Reject the suggestion',
  next: 'Next suggestion',
  previous: 'Previous suggestion',
  undo: 'Undo the last decision',
  acceptRemaining: 'Accept all remaining',
  submit: 'Submit and go to the next video',
}

const modifierOrder = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const
const modifierKeys = new Set([
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
  'OSLeft',
  'OSRight',
  'CapsLock',
  'Fn',
])

// Keys the browser or the system acts on before a page can: a review key there would close the
// tab or reload the page. Named with Ctrl; ⌘ on a Mac does the same.
const browserKeys: Record<string, string> = {
  'Ctrl+KeyW': 'closes the tab',
  'Ctrl+Shift+KeyW': 'closes the window',
  'Ctrl+KeyT': 'opens a tab',
  'Ctrl+Shift+KeyT': 'reopens a closed tab',
  'Ctrl+KeyN': 'opens a window',
  'Ctrl+Shift+KeyN': 'opens a private window',
  'Ctrl+Tab': 'goes to the next tab',
  'Ctrl+Shift+Tab': 'goes to the previous tab',
  'Ctrl+PageUp': 'goes to the previous tab',
  'Ctrl+PageDown': 'goes to the next tab',
  'Ctrl+KeyL': 'goes to the address bar',
  'Ctrl+KeyR': 'reloads the page',
  'Ctrl+Shift+KeyR': 'reloads the page',
  'Ctrl+KeyQ': 'quits the browser',
  'Ctrl+KeyP': 'prints the page',
  'Ctrl+KeyS': 'saves the page',
  'Ctrl+KeyF': 'finds in the page',
  'Ctrl+KeyD': 'bookmarks the page',
  'Ctrl+KeyH': 'opens the history',
  'Ctrl+KeyJ': 'opens the downloads',
  'Ctrl+KeyK': 'opens the dashboard’s search',
  'Alt+ArrowLeft': 'goes back a page',
  'Alt+ArrowRight': 'goes forward a page',
  'Alt+Home': 'opens the home page',
  'Alt+F4': 'closes the window',
  F1: 'opens the browser’s help',
  F3: 'finds the next match',
  F5: 'reloads the page',
  'Shift+F5': 'reloads the page',
  F6: 'goes to the address bar',
  F7: 'turns on caret browsing',
  F11: 'switches full screen',
  F12: 'opens the developer tools',
}

// Keys the review screen itself needs for something else.
const screenKeys: Record<string, string> = {
  Tab: 'moves the focus to the next control',
  'Shift+Tab': 'moves the focus to the previous control',
  Escape: 'closes dialogs and lists',
  Space: 'presses the focused button',
  'Shift+Space': 'presses the focused button',
  ArrowDown: 'also moves to the next suggestion',
  ArrowUp: 'also moves to the previous suggestion',
  'Shift+Slash': 'shows the keyboard shortcuts (?)',
  F8: 'goes to the notifications',
}

/** The chord a key press names (`Shift+KeyA`), or null for a modifier pressed alone. */
export function chordOf(
  event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
) {
  if (!event.code || modifierKeys.has(event.code)) return null
  const held = {
    Ctrl: event.ctrlKey,
    Alt: event.altKey,
    Shift: event.shiftKey,
    Meta: event.metaKey,
  }
  return [...modifierOrder.filter((modifier) => held[modifier]), event.code].join('+')
}

// ⌘ does on a Mac what Ctrl does elsewhere.
function metaAsCtrl(chord: string) {
  const modifiers = chord.split('+')
  const code = modifiers.pop()
  const held = new Set(modifiers.map((modifier) => (modifier === 'Meta' ? 'Ctrl' : modifier)))
  return [...modifierOrder.filter((modifier) => held.has(modifier)), code].join('+')
}

const chordPattern = /^((Ctrl|Alt|Shift|Meta)\+)*[A-Z][A-Za-z0-9]*$/

/** Why a chord cannot be a review key, in words naming it as the person's layout prints it; null if it can. */
export function refusalOf(chord: string, layout?: KeyboardLayout | null): string | null {
  const shown = codeLabel(chord, layout)
  if (!chordPattern.test(chord)) return `“${chord}” is not a key.`
  const browser = browserKeys[chord] ?? browserKeys[metaAsCtrl(chord)]
  if (browser) return `${shown} is the browser’s: it ${browser}.`
  const screen = screenKeys[chord]
  if (screen) return `${shown} is the screen’s own: it ${screen}.`
  if (/(^|\+)(Ctrl|Alt|Meta)\+/.test(chord))
    return `${shown} is left to the browser and the system: use a key alone or with Shift.`
  return null
}

/** Actions sharing a key, by key: each key listed has two actions or more. */
export function conflictsOf(keys: KeyMap): Map<string, ReviewAction[]> {
  const byKey = new Map<string, ReviewAction[]>()
  for (const action of reviewActions)
    byKey.set(keys[action], [...(byKey.get(keys[action]) ?? []), action])
  return new Map([...byKey].filter(([, actions]) => actions.length > 1))
}

export type ImportOutcome =
  | { keys: KeyMap; error?: undefined }
  | { keys?: undefined; error: string }

/** A key map file as exported (`{"keys": {...}}`), checked whole: a bad one changes nothing. */
export function readKeyMapFile(text: string, layout?: KeyboardLayout | null): ImportOutcome {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { error: 'This file is not JSON: nothing was changed.' }
  }
  const parsed = keyMapSchema.safeParse(json)
  if (!parsed.success) {
    return {
      error:
        'This file is not a review key map: it needs a key for each of the seven actions. Nothing was changed.',
    }
  }
  const { keys } = parsed.data
  for (const action of reviewActions) {
    const refusal = refusalOf(keys[action], layout)
    if (refusal) return { error: `${actionWords[action]}: ${refusal} Nothing was changed.` }
  }
  const [shared] = conflictsOf(keys)
  if (shared) {
    const [chord, actions] = shared
    return {
      error: `${actions.map((action) => actionWords[action]).join(' and ')} share ${codeLabel(chord, layout)}. Nothing was changed.`,
    }
  }
  return { keys }
}

/** The file an export writes: the same shape an import reads. */
export const keyMapFile = (keys: KeyMap) => `${JSON.stringify({ keys }, null, 2)}\n`
