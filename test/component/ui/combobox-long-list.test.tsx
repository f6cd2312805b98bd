import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Combobox } from '@/components/ui/combobox'

// A search that finds many products, each with its variants, as the tag search's often does.
const colours = ['Red', 'Blue', 'Green', 'Black', 'White']
const options = Array.from({ length: 12 }, (_, product) =>
  colours.map((colour) => ({
    id: `p${product + 1}-${colour}`,
    name: `Dress ${product + 1}, ${colour}`,
  })),
).flat()

function VariantPicker() {
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const found = options.filter((option) => option.name.toLowerCase().includes(text.toLowerCase()))
  return (
    <>
      <Combobox
        label="Find products to tag"
        inputValue={text}
        onInputValueChange={setText}
        items={found}
        itemKey={(option) => option.id}
        renderItem={(option) => option.name}
        selected={chosen}
        multiple
        onPick={(option) => setChosen((current) => [...current, option.id])}
        listLabel="Matching products and variants"
      />
      <output aria-label="Chosen">{chosen.join(',')}</output>
    </>
  )
}

describe('Combobox with a long list', () => {
  it('draws the whole of a long new list once typing pauses, and its last option can be picked', async () => {
    render(<VariantPicker />)
    const input = screen.getByRole('combobox', { name: 'Find products to tag' })
    await userEvent.type(input, 'dress', { delay: null })
    const list = await screen.findByRole('listbox', { name: 'Matching products and variants' })
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Dress 1, Red')

    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(60))
    await userEvent.click(within(list).getByRole('option', { name: 'Dress 12, White' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('p12-White')
  })

  it('reaches the last option from the keyboard once the list is whole', async () => {
    render(<VariantPicker />)
    const input = screen.getByRole('combobox', { name: 'Find products to tag' })
    await userEvent.type(input, 'dress')
    const list = await screen.findByRole('listbox', { name: 'Matching products and variants' })
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(60))
    await userEvent.keyboard('{ArrowDown}'.repeat(60))
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent(/^p12-White$/)
  })
})
