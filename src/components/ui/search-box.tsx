import { forwardRef, useEffect, useRef, useState } from 'react'
import { TextInput } from './text-input'

/**
 * A search field whose text is the search (`value`, usually from the URL). Every keystroke
 * searches: the screen cancels the previous request and keeps its results until the new ones
 * arrive, so no pause in typing is waited for. `onSearch`'s `refine` is true when the field
 * already held a search, so a screen can replace that history entry instead of adding one.
 */
export const SearchBox = forwardRef<
  HTMLInputElement,
  {
    value: string
    onSearch: (q: string, refine: boolean) => void
    id?: string
    label?: string
    placeholder?: string
  }
>(function SearchBox(
  {
    value,
    onSearch,
    id = 'library-search',
    label = 'Search captions',
    placeholder = 'Search captions  ( / )',
  },
  ref,
) {
  const [text, setText] = useState(value)
  // The searches sent and not yet seen back in `value`: those arriving late are not a change
  // from elsewhere (Back, a link), which alone replaces what is typed.
  const sent = useRef<string[]>([])
  const searched = useRef(value)
  useEffect(() => {
    const at = sent.current.indexOf(value)
    if (at >= 0) {
      sent.current = sent.current.slice(at + 1)
      return
    }
    sent.current = []
    searched.current = value
    setText(value)
  }, [value])
  const search = (q: string) => {
    if (q === searched.current) return
    const refine = searched.current !== ''
    searched.current = q
    sent.current.push(q)
    onSearch(q, refine)
  }
  return (
    <div className="relative min-w-64 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <TextInput
        ref={ref}
        id={id}
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          search(event.target.value)
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="w-full placeholder:text-slate-600"
      />
    </div>
  )
})
