import {
  Combobox as AriakitCombobox,
  ComboboxItem,
  ComboboxLabel,
  ComboboxPopover,
  ComboboxProvider,
} from '@ariakit/react'
import { memo, type ReactNode, useCallback, useId, useMemo, useRef } from 'react'
import { useHasStood } from '@/lib/use-has-stood'
import { controlClasses, controlPadding } from './control-styles'
import { FieldError, FieldHint, fieldA11y } from './field'

export interface ComboboxProps<TItem> {
  id?: string
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  placeholder?: string
  disabled?: boolean
  /** What is typed; the caller searches with it (or filters a fixed list). */
  inputValue: string
  onInputValueChange: (text: string) => void
  onOpenChange?: (open: boolean) => void
  /**
   * The options. A new array is a new list, drawn by its top dozen until it has stood for a typing
   * pause: pass the same array while the options are the same (a query's data, or useMemo).
   */
  items: readonly TItem[]
  itemKey: (item: TItem) => string
  renderItem: (item: TItem, state: { selected: boolean }) => ReactNode
  /** The keys of the chosen items: several with `multiple`, else at most one. */
  selected: readonly string[]
  /** An item was picked (click or Enter). With `multiple` the list stays open for more. */
  onPick: (item: TItem) => void
  multiple?: boolean
  /** Names the list of options ("Matching products"). */
  listLabel: string
  /** Said under the options and announced: "Searching…", "No product matches “x”." */
  status?: string | null
  /**
   * Results are stale (a newer search runs): the list is marked busy and dimmed, and picking one
   * does nothing.
   */
  stale?: boolean
  /** The first suggestion is active as soon as there is one, so Enter picks it. */
  autoSelect?: boolean
}

// A text box with a list of suggestions (WAI-ARIA combobox): focus stays in the input, arrows move
// through the options, Enter picks, Escape closes. Ariakit does the focus and positioning.
export function Combobox<TItem>({
  id,
  label,
  hint,
  error,
  placeholder,
  disabled,
  inputValue,
  onInputValueChange,
  onOpenChange,
  items,
  itemKey,
  renderItem,
  selected,
  onPick,
  multiple = false,
  listLabel,
  status,
  stale = false,
  autoSelect = false,
}: ComboboxProps<TItem>) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const a11y = fieldA11y(inputId, { hint, error })
  // The options stay as they are while typing (see Options): picking reads the latest handler
  // and staleness instead of making every option render again for each.
  const latest = useRef({ onPick, stale })
  latest.current = { onPick, stale }
  const pick = useCallback((item: TItem) => {
    if (!latest.current.stale) latest.current.onPick(item)
  }, [])
  const drawn = useTopOptionsWhileTyping(items)
  return (
    <ComboboxProvider
      value={inputValue}
      setValue={onInputValueChange}
      setOpen={onOpenChange}
      selectedValue={multiple ? [...selected] : (selected[0] ?? '')}
      resetValueOnHide={false}
    >
      <ComboboxLabel htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {label}
      </ComboboxLabel>
      {hint ? <FieldHint id={inputId}>{hint}</FieldHint> : null}
      <AriakitCombobox
        {...a11y}
        placeholder={placeholder}
        disabled={disabled}
        autoSelect={autoSelect}
        className={`mt-1 block w-full ${controlClasses} ${controlPadding.md}`}
      />
      <FieldError id={inputId} message={error} />
      {/* Said under the box and announced; not inside the list, which holds options only. */}
      <p role="status" className={status ? 'mt-1 text-sm text-slate-700' : 'sr-only'}>
        {status}
      </p>
      <ComboboxPopover
        hidden={items.length === 0}
        gutter={4}
        sameWidth
        unmountOnHide
        aria-label={listLabel}
        aria-busy={stale || undefined}
        className={`z-20 max-h-72 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg ${stale ? 'cursor-wait opacity-60' : ''}`}
      >
        <Options
          items={drawn}
          itemKey={itemKey}
          renderItem={renderItem}
          selected={selected}
          onPick={pick}
          multiple={multiple}
        />
      </ComboboxPopover>
    </ComboboxProvider>
  )
}

// More than the list's height shows (18rem of options about 2rem high).
const topOptions = 12

/**
 * A new list of options is drawn by its top dozen, and whole once it has stood for a typing
 * pause: each option is a heavy Ariakit item, and drawing every product and variant a keystroke's
 * search found (often 60 to 100) held the frame showing the next keystroke's results
 * (docs/decisions/0030-results-drawn-light-while-typing.md).
 */
function useTopOptionsWhileTyping<TItem>(items: readonly TItem[]): readonly TItem[] {
  const whole = useHasStood(items)
  return useMemo(
    () => (whole || items.length <= topOptions ? items : items.slice(0, topOptions)),
    [items, whole],
  )
}

type OptionsProps<TItem> = Pick<
  ComboboxProps<TItem>,
  'items' | 'itemKey' | 'renderItem' | 'selected' | 'onPick' | 'multiple'
>

// Rendered again only when the options or the chosen ones change, not at every keystroke nor
// when the results turn stale (the list shows that, not each option): each option is a heavy
// Ariakit item, and re-rendering a page of them for each letter typed held up the search that
// letter starts and the paint of its results. Callers keep itemKey and renderItem stable.
const Options = memo(function Options<TItem>({
  items,
  itemKey,
  renderItem,
  selected,
  onPick,
  multiple = false,
}: OptionsProps<TItem>) {
  return items.map((item) => {
    const key = itemKey(item)
    const isSelected = selected.includes(key)
    return (
      <ComboboxItem
        key={key}
        value={key}
        focusOnHover
        setValueOnClick={false}
        selectValueOnClick={false}
        hideOnClick={!multiple}
        onClick={() => onPick(item)}
        className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-900 data-active-item:bg-indigo-100"
      >
        {renderItem(item, { selected: isSelected })}
      </ComboboxItem>
    )
  })
}) as <TItem>(props: OptionsProps<TItem>) => ReactNode
