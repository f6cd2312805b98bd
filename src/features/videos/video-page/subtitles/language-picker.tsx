import { useMemo, useState } from 'react'
import { Combobox } from '@/components/ui/combobox'
import { type Language, languageName, matchLanguages } from './languages'

// A searchable list of BCP-47 languages by name or code; a well-formed code not listed can be
// typed and picked too.
export function LanguagePicker({
  value,
  onChange,
  error,
}: {
  value: string | null
  onChange: (code: string) => void
  error?: string | null
}) {
  const [text, setText] = useState(value ? languageName(value) : '')
  const items = useMemo(() => matchLanguages(text).slice(0, 50), [text])
  return (
    <Combobox<Language>
      id="subtitle-language"
      label="Language"
      hint="Type a language’s name or its code, such as en-US."
      error={error}
      inputValue={text}
      onInputValueChange={setText}
      items={items}
      itemKey={(language) => language.code}
      renderItem={(language) => (
        <span className="flex w-full justify-between gap-3">
          <span>{language.name}</span> <span className="text-slate-700">{language.code}</span>
        </span>
      )}
      selected={value ? [value] : []}
      onPick={(language) => {
        onChange(language.code)
        setText(languageName(language.code))
      }}
      listLabel="Languages"
      status={items.length === 0 ? `No language matches “${text}”.` : null}
      autoSelect
    />
  )
}
