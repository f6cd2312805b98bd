import type { ComponentProps, ReactNode } from 'react'

export interface TableColumn {
  label: string
  /** Named for screen readers only (a column of checkboxes or action menus). */
  hidden?: boolean
  className?: string
}

// A data table with its caption (read by screen readers) and column headers; the rows are the
// caller's `Row`s of `Cell`s.
export function Table({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: readonly TableColumn[]
  children: ReactNode
}) {
  return (
    <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-left text-sm shadow-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-100 text-xs text-slate-700 uppercase">
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.label} className={column.className}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </HeaderCell>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** A body row, ruled off from the next. */
export function Row({ className = '', ...props }: ComponentProps<'tr'>) {
  return <tr className={`border-b border-slate-100 last:border-0 ${className}`} {...props} />
}

export function Cell({ className = '', ...props }: ComponentProps<'td'>) {
  return <td className={`p-2 ${className}`} {...props} />
}

/** A column's header (the default) or, with `scope="row"`, the cell that names its row. */
export function HeaderCell({ className = '', scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={`p-2 ${className}`} {...props} />
}
