import { forwardRef, useEffect, useState } from 'react'
import { TextInput } from './text-input'

// Typing updates the URL after a short pause, so every keystroke does not become a request or a
// history entry.
export const SearchBox = forwardRef<
  HTMLInputElement,
  {
    value: string
    onSearch: (q: string) => void
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
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onSearch(text), 150)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])
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
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text)
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="w-full placeholder:text-slate-600"
      />
    </div>
  )
})
