import {
  Menu as AriakitMenu,
  MenuButton,
  MenuItem,
  MenuProvider,
  MenuSeparator,
  useMenuContext,
} from '@ariakit/react'
import { memo, type ReactNode, type Ref, useCallback, useId, useLayoutEffect, useRef } from 'react'
import { buttonClasses } from './button'
import { reasonClasses } from './unavailable-reason'

export const menuTriggerClass = `${buttonClasses('secondary', 'sm')} aria-expanded:bg-slate-100`
const popupClass =
  'z-50 min-w-48 rounded-md border border-slate-300 bg-white p-1 text-sm text-slate-900 shadow-lg focus-visible:outline-none'
const itemClass =
  'flex cursor-default flex-col rounded px-3 py-2 outline-none data-active-item:bg-indigo-50 data-active-item:text-indigo-900 aria-disabled:text-slate-600'
const separatorClass = 'my-1 border-slate-200'

export interface MenuAction {
  label: string
  onSelect: () => void
  // A disabled item stays visible and reachable with the arrows, and says why it cannot be chosen
  // (items sharing a reason show it once, under the first of them).
  disabledReason?: string | undefined
}

export type MenuEntry = MenuAction | 'separator'

export interface MenuProps {
  // The trigger's accessible name, e.g. "Actions for Summer dress"; the menu is named by it too.
  label: string
  items: readonly MenuEntry[]
  // What the trigger shows; defaults to a "more" glyph. Visible words should appear in `label`.
  trigger?: ReactNode
  triggerRef?: Ref<HTMLButtonElement>
  placement?: 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end'
  // Open as soon as it mounts, with focus on its trigger and then where a press of that kind puts
  // it (a LazyMenu mounts the menu on the press that opens it).
  openOnMount?: MenuFocus
}

// Where focus goes when the menu opens: its first or last item (keyboard), or the menu (pointer).
export type MenuFocus = 'first' | 'last' | 'container'

export function Menu({
  label,
  items,
  trigger = <MoreGlyph />,
  triggerRef,
  placement = 'bottom-end',
  openOnMount,
}: MenuProps) {
  const menuId = useId()
  const triggerElement = useRef<HTMLButtonElement | null>(null)
  const setTrigger = useCallback(
    (element: HTMLButtonElement | null) => {
      triggerElement.current = element
      if (typeof triggerRef === 'function') triggerRef(element)
      else if (triggerRef) triggerRef.current = element
    },
    [triggerRef],
  )
  const reasons = [
    ...new Set(items.flatMap((entry) => (entry === 'separator' ? [] : [entry.disabledReason]))),
  ].filter((reason) => reason !== undefined)
  const reasonIdOf = (reason: string) => `${menuId}-reason-${reasons.indexOf(reason)}`
  const firstWith = new Map<string, string>()
  for (const entry of items)
    if (entry !== 'separator' && entry.disabledReason && !firstWith.has(entry.disabledReason))
      firstWith.set(entry.disabledReason, entry.label)
  return (
    <MenuProvider placement={placement} focusLoop>
      <MenuButton ref={setTrigger} aria-label={label} className={menuTriggerClass}>
        {trigger}
      </MenuButton>
      {openOnMount ? <OpenOnMount trigger={triggerElement} focus={openOnMount} /> : null}
      {/* Fixed, so a scrolling container (a virtualized list) cannot clip it. Not in a portal: a
          portal's focus guards are focusable yet aria-hidden, which axe reports as serious. */}
      <AriakitMenu fixed unmountOnHide gutter={4} className={popupClass}>
        {items.map((entry, index) =>
          entry === 'separator' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: separators have no identity of their own
            <MenuSeparator key={`separator-${index}`} className={separatorClass} />
          ) : (
            <Item
              key={entry.label}
              action={entry}
              reasonId={entry.disabledReason ? reasonIdOf(entry.disabledReason) : undefined}
              showsReason={
                entry.disabledReason !== undefined &&
                firstWith.get(entry.disabledReason) === entry.label
              }
            />
          ),
        )}
      </AriakitMenu>
    </MenuProvider>
  )
}

function OpenOnMount({
  trigger,
  focus,
}: {
  trigger: { current: HTMLButtonElement | null }
  focus: MenuFocus
}) {
  const menu = useMenuContext()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the menu mounts
  useLayoutEffect(() => {
    trigger.current?.focus()
    menu?.setAutoFocusOnShow(true)
    menu?.setInitialFocus(focus)
    menu?.show()
  }, [])
  return null
}

function Item({
  action,
  reasonId,
  showsReason,
}: {
  action: MenuAction
  reasonId: string | undefined
  showsReason: boolean
}) {
  const labelId = useId()
  const disabled = action.disabledReason !== undefined
  // The reason sits beside the item, not in it: the item's name stays its visible label (speech
  // input users say what they see), and the reason is its description.
  return (
    <>
      <MenuItem
        className={itemClass}
        disabled={disabled}
        accessibleWhenDisabled
        aria-labelledby={labelId}
        aria-describedby={disabled ? reasonId : undefined}
        onClick={action.onSelect}
      >
        <span id={labelId}>{action.label}</span>
      </MenuItem>
      {showsReason && (
        <div id={reasonId} className={`px-3 pb-2 ${reasonClasses}`}>
          {action.disabledReason}
        </div>
      )}
    </>
  )
}

// Memoized: a long list's rows each hold a menu, and render again together (a drag's lift and drop).
export const MoreGlyph = memo(function MoreGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <circle cx="10" cy="4" r="1.75" />
      <circle cx="10" cy="10" r="1.75" />
      <circle cx="10" cy="16" r="1.75" />
    </svg>
  )
})
