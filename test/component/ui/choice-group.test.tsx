import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { CheckboxGroup, RadioGroup } from '@/components/ui/choice-group'
import { axeViolations } from '../support/axe'

const access = [
  { value: 'public', label: 'Public', hint: 'Anyone with the page can watch.' },
  { value: 'private', label: 'Private' },
  { value: 'unlisted', label: 'Unlisted', disabled: true },
] as const

function Registered() {
  const form = useForm({ defaultValues: { access: 'private', days: ['mon'] } })
  const [access_, days] = form.watch(['access', 'days'])
  return (
    <>
      <RadioGroup legend="Access" options={access} inputProps={form.register('access')} />
      <CheckboxGroup
        legend="Days"
        error={days.length === 0 ? 'Choose at least one day.' : null}
        options={[
          { value: 'mon', label: 'Monday' },
          { value: 'tue', label: 'Tuesday' },
        ]}
        inputProps={form.register('days')}
      />
      <output aria-label="Chosen">{`${access_}; ${days.join(',')}`}</output>
    </>
  )
}

function Controlled() {
  const [value, setValue] = useState<'now' | 'draft'>('now')
  const [tags, setTags] = useState<string[]>([])
  return (
    <>
      <RadioGroup
        legend="Publication"
        hint="Drafts stay hidden."
        value={value}
        onValueChange={setValue}
        options={[
          { value: 'now', label: 'Publish now' },
          { value: 'draft', label: 'Save as draft' },
        ]}
      />
      <CheckboxGroup
        legend="Tags"
        value={tags}
        onValueChange={setTags}
        options={[
          { value: 'new', label: 'New' },
          { value: 'sale', label: 'Sale' },
        ]}
      />
      <output aria-label="Chosen">{`${value}; ${tags.join(',')}`}</output>
    </>
  )
}

describe('RadioGroup and CheckboxGroup', () => {
  it('register with react-hook-form: labels, option hints, disabled options, errors', async () => {
    const { container } = render(<Registered />)
    const group = screen.getByRole('group', { name: 'Access' })
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Public' })).toHaveAccessibleDescription(
      'Anyone with the page can watch.',
    )
    expect(screen.getByRole('radio', { name: 'Unlisted' })).toBeDisabled()
    expect(group).toBeInTheDocument()

    await userEvent.click(screen.getByRole('radio', { name: 'Public' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('public;')
    expect(screen.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription(
      'Choose at least one day.',
    )
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('public; tue')
    expect(await axeViolations(container)).toEqual([])
  })

  it('are controlled by a value, and arrow keys move within the radio group', async () => {
    const { container } = render(<Controlled />)
    expect(screen.getByRole('group', { name: 'Publication' })).toHaveAccessibleDescription(
      'Drafts stay hidden.',
    )
    await userEvent.click(screen.getByRole('radio', { name: 'Publish now' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'Save as draft' })).toBeChecked()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sale' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'New' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('draft; sale,new')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sale' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('draft; new')
    expect(await axeViolations(container)).toEqual([])
  })
})
