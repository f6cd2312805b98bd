import { focusRing } from '../control-styles'

// The sortable list's class strings in one place.
// At least 44 px square on a touch screen, where the handle is what a finger holds to drag.
export const handleLook =
  'inline-flex shrink-0 items-center justify-center rounded-md p-2 text-slate-700 pointer-coarse:min-h-11 pointer-coarse:min-w-11'

// touch-manipulation lets a finger still scroll the list; a press held on the handle starts a drag.
export const handleButton = `${handleLook} cursor-grab touch-manipulation hover:bg-slate-100 hover:text-slate-900 ${focusRing} aria-pressed:cursor-grabbing`

export const listClass = 'flex flex-col gap-2'

export const rowBase =
  'flex items-center gap-3 rounded-md border bg-white p-2 text-sm text-slate-900'

export const rowIdle = 'border-slate-200'

export const rowSelected = 'border-indigo-300 bg-indigo-50'

// No opacity: the row being moved stays readable (a faded row fails contrast mid-drag).
export const rowPlaceholder = 'border-2 border-dashed border-indigo-600 bg-indigo-50'

// Where a row lifted in a virtualized list would land: a line in the gap between two rows.
export const dropLineClass =
  'pointer-events-none absolute inset-x-1 h-1 -translate-y-1/2 rounded-full bg-indigo-600'

export const rowLifted = 'cursor-grabbing border-indigo-600 shadow-lg'

export const blockBadge =
  'shrink-0 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-medium text-white'

// Opaque, so Chromium gives the scroller a compositor layer of its own on a display of one pixel
// per point too: a transparent one was scrolled by painting the list again at each step of a drag's
// auto-scroll (bench:playlist's p95 frame 33 -> 17 ms at the reference).
export const viewportClass = 'overflow-y-auto rounded-md border border-slate-200 bg-surface p-1'
