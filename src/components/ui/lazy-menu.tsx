import { useState } from 'react'
import { Menu, type MenuFocus, type MenuProps, MoreGlyph, menuTriggerClass } from './menu'

/**
 * A Menu for every row of a long list: a plain button with the trigger's name and look until it is
 * first pressed, then the menu itself, opened by that press. A menu's own parts (its store, its
 * effects) cost more to mount than the rest of a row, and a list scrolled while dragging mounts
 * rows every frame; most of their menus are never opened.
 */
export function LazyMenu(props: MenuProps) {
  const [opening, setOpening] = useState<MenuFocus | null>(null)
  if (opening) return <Menu {...props} openOnMount={opening} />
  const { label, trigger = <MoreGlyph />, triggerRef } = props
  return (
    <button
      type="button"
      ref={triggerRef}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded="false"
      className={menuTriggerClass}
      // A click from Enter or Space has no pointer details: focus goes to the first item then.
      onClick={(event) => setOpening(event.detail === 0 ? 'first' : 'container')}
      onKeyDown={(event) => {
        const focus = event.key === 'ArrowDown' ? 'first' : event.key === 'ArrowUp' ? 'last' : null
        if (!focus) return
        event.preventDefault()
        setOpening(focus)
      }}
    >
      {trigger}
    </button>
  )
}
