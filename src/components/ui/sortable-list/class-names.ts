// The sortable list's class strings in one place; the buttons are stand-ins for the kit's Button.
const focusRing =
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

const buttonBase = `inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`

export const primaryButton = `${buttonBase} bg-slate-900 text-white hover:bg-slate-700`

export const secondaryButton = `${buttonBase} border border-slate-500 bg-white text-slate-900 hover:bg-slate-100`

export const handleLook =
  'inline-flex shrink-0 items-center justify-center rounded-md p-2 text-slate-700'

// touch-manipulation lets a finger still scroll the list; a press held on the handle starts a drag.
export const handleButton = `${handleLook} cursor-grab touch-manipulation hover:bg-slate-100 hover:text-slate-900 ${focusRing} aria-pressed:cursor-grabbing`

export const listClass = 'flex flex-col gap-2'

export const rowBase =
  'flex items-center gap-3 rounded-md border bg-white p-2 text-sm text-slate-900'

export const rowIdle = 'border-slate-200'

export const rowSelected = 'border-indigo-300 bg-indigo-50'

export const rowPlaceholder = 'border-dashed border-indigo-600 bg-indigo-50 opacity-60'

export const rowLifted = 'cursor-grabbing border-indigo-600 shadow-lg'

export const blockBadge =
  'shrink-0 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-medium text-white'

export const viewportClass = 'overflow-y-auto rounded-md border border-slate-200 p-1'

export const dialogClass =
  'm-auto w-[24rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50'

export const inputClass = `mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 ${focusRing} aria-[invalid=true]:border-red-700`

export const labelClass = 'block text-sm font-medium text-slate-900'

export const hintClass = 'mt-1 text-sm text-slate-700'

export const errorClass = 'mt-1 text-sm font-medium text-red-800'
