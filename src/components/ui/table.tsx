import type { ReactNode } from 'react'

export interface TableColumn {
  label: string
  /** Named for screen readers only (a column of checkboxes or action menus). */
  hidden?: boolean
  className?: string
}

// A data table with its caption (read by screen readers) and column headers; the rows are the
// caller's `<tr>` elements.
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
            <th key={column.label} scope="col" className={`p-2 ${column.className ?? ''}`}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}
