import { type ComponentProps, useEffect, useState } from 'react'
import { TextInput } from '@/components/ui/text-input'

/**
 * A number typed as text: the value is the number once the text reads as one, else the text as
 * typed, which the rule's schema then refuses in words ("Enter a number") rather than losing it.
 */
export function NumberText({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & {
  value: unknown
  onValueChange: (value: number | string) => void
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : String(value)))
  // A value set from outside (a revert, a reset) shows; one this field typed already does.
  useEffect(() => {
    setText((current) => (readNumber(current) === value ? current : String(value ?? '')))
  }, [value])
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value)
        onValueChange(readNumber(event.target.value))
      }}
    />
  )
}

export function readNumber(text: string): number | string {
  const trimmed = text.trim()
  if (trimmed === '') return text
  const number = Number(trimmed)
  return Number.isFinite(number) ? number : text
}
