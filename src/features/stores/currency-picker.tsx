import { useMemo, useState } from 'react'
import { Combobox } from '@/components/ui/combobox'
import { type Currency, currencyName, matchCurrencies } from './currencies'

// A searchable list of real ISO 4217 currencies, by code or name.
export function CurrencyPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange: (code: string) => void
  error?: string | null
}) {
  const [text, setText] = useState(value ? `${value} · ${currencyName(value)}` : '')
  const items = useMemo(() => matchCurrencies(text.split(' · ')[0] ?? '').slice(0, 60), [text])
  return (
    <Combobox<Currency>
      id={id}
      label="Currency"
      hint="Type a code such as EUR, or a name such as euro."
      error={error}
      inputValue={text}
      onInputValueChange={setText}
      items={items}
      itemKey={(currency) => currency.code}
      renderItem={(currency) => (
        <span className="flex w-full justify-between gap-3">
          <span>{currency.name}</span> <span className="text-slate-700">{currency.code}</span>
        </span>
      )}
      selected={value ? [value] : []}
      onPick={(currency) => {
        onChange(currency.code)
        setText(`${currency.code} · ${currency.name}`)
      }}
      listLabel="Currencies"
      status={items.length === 0 ? `No currency matches “${text}”.` : null}
      autoSelect
    />
  )
}
