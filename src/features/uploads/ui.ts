// Class names for the uploads screen's controls (same contrast and focus rings as the video page).
export const inputClass =
  'block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-700'
export const labelClass = 'block text-sm font-medium text-slate-900'
export const hintClass = 'mt-1 text-sm text-slate-700'
export const errorClass = 'mt-1 text-sm font-medium text-red-800'
export const panelClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'
