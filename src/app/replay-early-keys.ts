import { afterHydration } from '@/lib/hydration'

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/**
 * Keys pressed on server-rendered markup before it is hydrated have no handler yet: the library's
 * `/`, `j`, `x` or `?` would do nothing. From the moment the script runs they are held, and sent
 * again to the element they were pressed on once the page is hydrated (`replayAfterHydration`),
 * or dropped on a page the browser renders itself (`drop`), where nothing was shown to press them
 * on. Typing into a field is left alone: the browser already put the text there.
 */
export function holdEarlyKeys() {
  const held: Array<{ target: EventTarget | null; init: KeyboardEventInit }> = []
  const hold = (event: KeyboardEvent) => {
    if (event.defaultPrevented || editable(event.target)) return
    const { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey } = event
    held.push({
      target: event.target,
      init: { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey },
    })
  }
  document.addEventListener('keydown', hold, true)
  const drop = () => document.removeEventListener('keydown', hold, true)
  return {
    drop,
    replayAfterHydration: () =>
      afterHydration(() => {
        drop()
        for (const { target, init } of held) {
          const element =
            target instanceof Node && target.isConnected ? target : document.activeElement
          element?.dispatchEvent(
            new KeyboardEvent('keydown', {
              ...init,
              bubbles: true,
              cancelable: true,
              composed: true,
            }),
          )
        }
      }),
  }
}
