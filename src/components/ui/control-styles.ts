// The look every form control shares: contrast that passes WCAG AA on white, one focus ring.
export const focusRing =
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

export const controlClasses =
  'rounded-md border border-slate-500 bg-white text-sm text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-700 disabled:bg-slate-100 disabled:text-slate-700'

/** Padding of a control: `md` in forms, `sm` in toolbars such as filters. */
export const controlPadding = { md: 'px-3 py-2', sm: 'px-2 py-1.5' } as const
export type ControlSize = keyof typeof controlPadding

export const labelClasses = 'block text-sm font-medium text-slate-900'
export const hintClasses = 'mt-1 text-sm text-slate-700'
export const errorClasses = 'mt-1 text-sm font-medium text-red-800'
export const panelClasses = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'
export const linkClasses = 'text-indigo-700 underline hover:text-indigo-900'
