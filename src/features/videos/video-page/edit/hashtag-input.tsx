import { type KeyboardEvent, useRef, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { labelClasses } from '@/components/ui/control-styles'
import { FieldError, FieldHint, fieldA11y, useFieldId } from '@/components/ui/field'
import { TagList } from '@/components/ui/tag-list'
import type { VideoFormValues } from './form-schema'

const maxTags = 30
const maxLength = 100

// Hashtags as chips: type and press Enter or comma to add, Backspace in the empty box or × to
// remove. Additions and removals are announced.
export function HashtagInput() {
  const { control } = useFormContext<VideoFormValues>()
  const { field, fieldState } = useController({ control, name: 'hashtags' })
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [draft, setDraft] = useState('')
  const [note, setNote] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const tags = field.value

  const error = note ?? schemaError(fieldState.error)
  const a11y = fieldA11y(useFieldId('hashtags'), { error, hint: true })

  const add = () => {
    const entries = draft
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    if (entries.length === 0) return setDraft('')
    const next = [...tags]
    for (const entry of entries) {
      if (entry.length > maxLength) {
        return setNote(`Each hashtag can have at most ${maxLength} characters.`)
      }
      if (next.includes(entry)) continue
      if (next.length >= maxTags) return setNote(`Use at most ${maxTags} hashtags.`)
      next.push(entry)
    }
    setNote(null)
    setDraft('')
    if (next.length === tags.length) return
    field.onChange(next)
    setAnnouncement(`Added ${next.slice(tags.length).join(', ')}`)
  }

  const remove = (index: number) => {
    const tag = tags[index]
    field.onChange(tags.filter((_, i) => i !== index))
    setNote(null)
    setAnnouncement(`Removed ${tag}`)
    inputRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add()
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault()
      remove(tags.length - 1)
    }
  }

  return (
    <div>
      <label htmlFor={a11y.id} className={labelClasses}>
        Hashtags
      </label>
      <FieldHint id={a11y.id}>
        Type a hashtag and press Enter or comma to add it; Backspace in the empty box removes the
        last one. Up to {maxTags}.
      </FieldHint>
      <div className="mt-1 flex flex-wrap items-center gap-2 rounded-md border border-slate-500 bg-white p-2 focus-within:outline focus-within:outline-2 focus-within:outline-indigo-600">
        {tags.length > 0 ? (
          <TagList
            label="Added hashtags"
            tags={tags.map((tag) => ({ key: tag, label: tag }))}
            onRemove={(tag) => remove(tags.indexOf(tag))}
          />
        ) : null}
        <input
          {...a11y}
          ref={(element) => {
            inputRef.current = element
            field.ref(element)
          }}
          name={field.name}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value)
            setNote(null)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            add()
            field.onBlur()
          }}
          className="min-w-40 flex-1 border-0 bg-transparent p-1 text-sm text-slate-900 focus:outline-none"
          autoComplete="off"
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <FieldError id={a11y.id} message={error} />
    </div>
  )
}

// The list may fail as a whole (too many) or per entry (too long).
function schemaError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { message, ref: _ref, ...rest } = error as Record<string, unknown>
  if (typeof message === 'string') return message
  for (const entry of Object.values(rest)) {
    const found = schemaError(entry)
    if (found) return found
  }
  return undefined
}
