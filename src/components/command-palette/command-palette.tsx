import {
  Combobox,
  ComboboxGroup,
  ComboboxGroupLabel,
  ComboboxItem,
  ComboboxList,
  ComboboxProvider,
} from '@ariakit/react'
import { Search } from 'lucide-react'
import { useId, useState } from 'react'
import { useModal } from '../ui/modal'
import { usePaletteCommands } from './palette-commands'
import type { PaletteEntry } from './palette-entry'
import { usePaletteSearch } from './palette-search'

/**
 * Go to any screen, find a video, playlist, store or product, or run an action, from the
 * keyboard: a modal <dialog> holding an Ariakit combobox whose list is always shown. The focus
 * stays in the text box; the arrows move through the results, Enter runs one, Escape closes and
 * the focus goes back where it was. Loaded only when first opened (palette-launcher.tsx).
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const modal = useModal(onClose)
  const titleId = useId()
  const [text, setText] = useState('')
  const commands = usePaletteCommands(text)
  const search = usePaletteSearch(text)
  const groups = [...commands, ...search.groups].filter((group) => group.entries.length > 0)

  const run = (entry: PaletteEntry) => {
    if (entry.disabledReason) return
    onClose()
    entry.run()
  }
  const status =
    groups.length > 0 ? '' : search.searching ? 'Searching…' : `Nothing found for “${text.trim()}”.`

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      // Escape closes the palette at once, though the combobox would first take it for its list.
      onKeyDownCapture={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onClose()
      }}
      className="mx-auto mt-[10vh] w-[40rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="sr-only">
        Search or go to
      </h2>
      <ComboboxProvider open value={text} setValue={setText} resetValueOnHide={false}>
        <div className="flex items-center gap-2 rounded-t-lg border-b border-slate-200 px-4 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-indigo-600">
          <Search aria-hidden="true" className="size-5 shrink-0 text-slate-700" />
          <Combobox
            autoSelect
            aria-label="Search or go to"
            placeholder="Go to a screen, find a video, playlist, store or product…"
            className="w-full bg-transparent py-3 text-base text-slate-900 outline-none placeholder:text-slate-600"
          />
        </div>
        <p role="status" className={status ? 'px-4 py-3 text-sm text-slate-700' : 'sr-only'}>
          {status}
        </p>
        <ComboboxList
          aria-label="Results"
          aria-busy={search.searching || undefined}
          className="max-h-[60vh] overflow-y-auto p-2"
        >
          {groups.map((group) => (
            <ComboboxGroup key={group.label} className="py-1">
              <ComboboxGroupLabel className="px-2 py-1 text-xs font-semibold text-slate-700 uppercase">
                {group.label}
              </ComboboxGroupLabel>
              {group.entries.map((entry) => (
                <Entry key={entry.id} entry={entry} onRun={run} />
              ))}
            </ComboboxGroup>
          ))}
        </ComboboxList>
      </ComboboxProvider>
    </dialog>
  )
}

function Entry({ entry, onRun }: { entry: PaletteEntry; onRun: (entry: PaletteEntry) => void }) {
  const Icon = entry.icon
  return (
    <ComboboxItem
      value={entry.label}
      focusOnHover
      setValueOnClick={false}
      hideOnClick={false}
      disabled={Boolean(entry.disabledReason)}
      accessibleWhenDisabled
      onClick={() => onRun(entry)}
      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-900 data-active-item:bg-indigo-50 data-active-item:text-indigo-900 aria-disabled:cursor-not-allowed"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{entry.label}</span>
      {entry.disabledReason || entry.detail ? (
        <span className="shrink-0 text-xs text-slate-700">
          {entry.disabledReason ?? entry.detail}
        </span>
      ) : null}
    </ComboboxItem>
  )
}
