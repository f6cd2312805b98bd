import { focusRing } from './control-styles'

export interface Tag {
  key: string
  label: string
}

/** Chosen values as chips, each with its own remove button named after it. */
export function TagList({
  label,
  tags,
  onRemove,
}: {
  label: string
  tags: readonly Tag[]
  onRemove: (key: string) => void
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag.key}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-900"
        >
          {tag.label}
          <button
            type="button"
            aria-label={`Remove ${tag.label}`}
            onClick={() => onRemove(tag.key)}
            className={`rounded-full px-1.5 text-slate-700 hover:bg-slate-200 hover:text-slate-900 ${focusRing}`}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
