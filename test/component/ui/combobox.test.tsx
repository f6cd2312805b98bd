import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Combobox } from '@/components/ui/combobox'
import { axeViolations } from '../support/axe'

const languages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
]

function LanguagePicker({ multiple = false }: { multiple?: boolean }) {
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const found = languages.filter((language) =>
    `${language.name} ${language.code}`.toLowerCase().includes(text.toLowerCase()),
  )
  return (
    <>
      <Combobox
        label="Language"
        hint="Type a name or a code."
        inputValue={text}
        onInputValueChange={setText}
        items={found}
        itemKey={(language) => language.code}
        renderItem={(language, { selected }) => (
          <>
            {language.name} ({language.code}){selected ? ' ✓' : ''}
          </>
        )}
        selected={chosen}
        multiple={multiple}
        onPick={(language) =>
          setChosen((current) =>
            multiple
              ? current.includes(language.code)
                ? current.filter((code) => code !== language.code)
                : [...current, language.code]
              : [language.code],
          )
        }
        listLabel="Languages"
        autoSelect
        status={found.length === 0 ? `No language matches “${text}”.` : null}
      />
      <output aria-label="Chosen">{chosen.join(',')}</output>
    </>
  )
}

/** A search answered when the test says so: until then the last answer's options stay, stale. */
function SearchingPicker() {
  const [text, setText] = useState('')
  const [answeredFor, setAnsweredFor] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const found = languages.filter((language) =>
    language.name.toLowerCase().includes(answeredFor.toLowerCase()),
  )
  return (
    <>
      <Combobox
        label="Language"
        inputValue={text}
        onInputValueChange={setText}
        items={found}
        itemKey={(language) => language.code}
        renderItem={(language) => language.name}
        selected={chosen}
        multiple
        onPick={(language) => setChosen((current) => [...current, language.code])}
        listLabel="Languages"
        stale={answeredFor !== text}
      />
      <button type="button" onClick={() => setAnsweredFor(text)}>
        Answer
      </button>
      <output aria-label="Chosen">{chosen.join(',')}</output>
    </>
  )
}

describe('Combobox', () => {
  it('suggests as you type; Enter picks the first suggestion without leaving the text box', async () => {
    const { container } = render(<LanguagePicker />)
    const input = screen.getByRole('combobox', { name: 'Language' })
    expect(input).toHaveAccessibleDescription('Type a name or a code.')
    await userEvent.type(input, 'Fr')
    const list = await screen.findByRole('listbox', { name: 'Languages' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['French (fr)'])
    expect(await axeViolations(container)).toEqual([])

    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('fr')
    expect(input).toHaveFocus()
  })

  it('keeps the list open for several picks, marks chosen ones, and toggles them', async () => {
    render(<LanguagePicker multiple />)
    const input = screen.getByRole('combobox', { name: 'Language' })
    await userEvent.type(input, 'e')
    await screen.findByRole('listbox')
    await userEvent.click(screen.getByRole('option', { name: /German/ }))
    await userEvent.click(screen.getByRole('option', { name: /English/ }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('de,en')
    expect(screen.getByRole('option', { name: /German/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('option', { name: /French/ })).toHaveAttribute('aria-selected', 'false')
    await userEvent.click(screen.getByRole('option', { name: /German/ }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent(/^en$/)
  })

  it('says when nothing matches, and Escape closes the list', async () => {
    render(<LanguagePicker />)
    const input = screen.getByRole('combobox', { name: 'Language' })
    await userEvent.type(input, 'xyz')
    expect(await screen.findAllByText('No language matches “xyz”.')).not.toHaveLength(0)
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveValue('xyz')
  })

  it('keeps stale options in a busy list that picks nothing until the newer search answers', async () => {
    render(<SearchingPicker />)
    const input = screen.getByRole('combobox', { name: 'Language' })
    await userEvent.type(input, 'e')
    await userEvent.click(screen.getByRole('button', { name: 'Answer' }))
    await userEvent.click(input)
    const list = await screen.findByRole('listbox', { name: 'Languages' })
    expect(list).not.toHaveAttribute('aria-busy')

    await userEvent.type(input, 'n')
    expect(list).toHaveAttribute('aria-busy', 'true')
    expect(within(list).getByRole('option', { name: 'German' })).toBeInTheDocument()
    await userEvent.click(within(list).getByRole('option', { name: 'German' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent(/^$/)

    await userEvent.click(screen.getByRole('button', { name: 'Answer' }))
    await userEvent.click(input)
    const answered = await screen.findByRole('listbox', { name: 'Languages' })
    expect(answered).not.toHaveAttribute('aria-busy')
    expect(within(answered).queryByRole('option', { name: 'German' })).not.toBeInTheDocument()
    await userEvent.click(within(answered).getByRole('option', { name: 'English' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('en')
  })
})
