import { useState } from 'react'
import { type ThemeChoice as Choice, chooseTheme, storedTheme, themeChoices } from '@/lib/theme'
import { RadioGroup } from '../ui/choice-group'

const labels: Record<Choice, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/** The account menu's theme setting; loaded when the menu first opens. */
export default function ThemeChoice() {
  const [choice, setChoice] = useState(storedTheme)
  return (
    <RadioGroup
      legend="Theme"
      value={choice}
      options={themeChoices.map((value) => ({ value, label: labels[value] }))}
      onValueChange={(value) => {
        setChoice(value)
        chooseTheme(value)
      }}
    />
  )
}
