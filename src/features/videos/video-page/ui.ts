// Shared class names for this screen's controls, so contrast and focus rings stay consistent.
export const inputBase =
  'rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-700 disabled:bg-slate-100 disabled:text-slate-700'

export const inputClass = `block w-full ${inputBase}`

export const labelClass = 'block text-sm font-medium text-slate-900'

export const hintClass = 'mt-1 text-sm text-slate-700'

export const errorClass = 'mt-1 text-sm font-medium text-red-800'

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60'

export const primaryButton = `${buttonBase} bg-slate-900 text-white hover:bg-slate-700`

export const secondaryButton = `${buttonBase} border border-slate-500 bg-white text-slate-900 hover:bg-slate-100`

export const dangerButton = `${buttonBase} bg-red-700 text-white hover:bg-red-800`

export const linkClass = 'text-indigo-700 underline hover:text-indigo-900 break-all'

export const panelClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'
