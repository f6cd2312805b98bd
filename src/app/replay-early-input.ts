import { afterHydration } from '@/lib/hydration'

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

type Held =
  | { kind: 'key'; event: KeyboardEvent; init: KeyboardEventInit }
  | { kind: 'drag'; type: string; target: EventTarget | null; transfer: () => DataTransfer | null }

const dragTypes = ['dragenter', 'dragover', 'drop'] as const

/**
 * Input on server-rendered markup before it is hydrated has no handler yet: the library's `/`,
 * `j`, `x` or `?` would do nothing, and a file dropped on it would be opened by the browser in
 * place of the page. From the moment the script runs, keys and file drags are held and sent again
 * to the element they came to once the page is hydrated (`replayAfterHydration`), or dropped on a
 * page the browser renders itself (`drop`), where nothing was shown to act on. Typing into a
 * field is left alone: the browser already put the text there.
 */
export function holdEarlyInput() {
  const held: Held[] = []
  const holdKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || editable(event.target)) return
    const { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey } = event
    held.push({
      kind: 'key',
      event,
      init: { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey },
    })
  }
  const holdDrag = (event: DragEvent) => {
    const dragged = event.dataTransfer
    if (!dragged || !(dragged.types.includes('Files') || dragged.files.length > 0)) return
    event.preventDefault()
    const original = dragged
    // A dropped file can be read only while its event runs: the drop keeps a copy of the files.
    const files = event.type === 'drop' ? Array.from(original.files) : null
    const transfer = () => {
      if (!files) return original
      const copy = new DataTransfer()
      for (const file of files) copy.items.add(file)
      return copy
    }
    held.push({ kind: 'drag', type: event.type, target: event.target, transfer })
  }
  document.addEventListener('keydown', holdKey, true)
  for (const type of dragTypes) document.addEventListener(type, holdDrag, true)
  const drop = () => {
    document.removeEventListener('keydown', holdKey, true)
    for (const type of dragTypes) document.removeEventListener(type, holdDrag, true)
  }
  const replay = (event: Held) => {
    const to = event.kind === 'key' ? event.event.target : event.target
    const target = to instanceof Node && to.isConnected ? to : document.activeElement
    const init = { bubbles: true, cancelable: true, composed: true }
    target?.dispatchEvent(
      event.kind === 'key'
        ? new KeyboardEvent('keydown', { ...event.init, ...init })
        : new DragEvent(event.type, { ...init, dataTransfer: event.transfer() }),
    )
  }
  return {
    drop,
    replayAfterHydration: () =>
      afterHydration(() => {
        drop()
        // The shell's handlers are live from the first commit, before the page is idle: a key
        // one of them took (Ctrl+K toggles the palette) is not sent a second time.
        for (const event of held)
          if (event.kind !== 'key' || !event.event.defaultPrevented) replay(event)
      }),
  }
}
