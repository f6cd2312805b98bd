import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod'
import { Button } from '@/components/ui/button'
import { CheckboxField, Field, FieldShell, Form } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { axeViolations } from '../support/axe'

const schema = z.object({
  title: z.string().min(1, 'Enter a title.'),
  notes: z.object({ text: z.string().max(5, 'At most 5 characters.') }),
  size: z.enum(['s', 'm']),
  agree: z.literal(true, 'Agree to continue.'),
})
type Values = z.infer<typeof schema>

function ExampleForm({ onSave }: { onSave: (values: Values) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', notes: { text: '' }, size: 'm', agree: false as true },
  })
  return (
    <Form form={form} idPrefix="example" aria-label="Example" onSubmit={form.handleSubmit(onSave)}>
      <Field<Values> name="title" label="Title" hint="Shown to shoppers.">
        {(a11y) => <TextInput {...form.register('title')} {...a11y} />}
      </Field>
      <Field<Values> name="notes.text" label="Notes">
        {(a11y) => <TextArea {...form.register('notes.text')} {...a11y} />}
      </Field>
      <Field<Values> name="size" label="Size">
        {(a11y) => (
          <Select {...form.register('size')} {...a11y}>
            <option value="s">Small</option>
            <option value="m">Medium</option>
          </Select>
        )}
      </Field>
      <CheckboxField<Values> name="agree" label="I agree">
        {(a11y) => <input type="checkbox" {...form.register('agree')} {...a11y} />}
      </CheckboxField>
      <Button type="submit">Save</Button>
    </Form>
  )
}

describe('Field', () => {
  it('labels its control and reads its hint with it', () => {
    render(<ExampleForm onSave={() => {}} />)
    const title = screen.getByRole('textbox', { name: 'Title' })
    expect(title).toHaveAccessibleDescription('Shown to shoppers.')
    expect(title).toHaveAttribute('id', 'example-title')
    // A nested name gets an id without dots, so it can be used as a selector.
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute(
      'id',
      'example-notes-text',
    )
  })

  it('shows the form’s errors next to each field, read with the control, and keeps the input', async () => {
    const save = vi.fn()
    const { container } = render(<ExampleForm onSave={save} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'too long')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    const title = screen.getByRole('textbox', { name: 'Title' })
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title).toHaveAccessibleDescription('Shown to shoppers. Enter a title.')
    const notes = screen.getByRole('textbox', { name: 'Notes' })
    expect(notes).toHaveAccessibleDescription('At most 5 characters.')
    expect(notes).toHaveValue('too long')
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription(
      'Agree to continue.',
    )
    expect(save).not.toHaveBeenCalled()
    expect(await axeViolations(container)).toEqual([])

    await userEvent.type(title, 'Spring')
    await userEvent.clear(notes)
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 's')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(save).toHaveBeenCalledWith(
      { title: 'Spring', notes: { text: '' }, size: 's', agree: true },
      expect.anything(),
    )
    expect(title).toHaveAttribute('aria-invalid', 'false')
  })

  it('works without a form library, from state the caller holds', async () => {
    const { container } = render(
      <FieldShell id="poster-url" label="Image address" error="Use an https address.">
        {(a11y) => <TextInput defaultValue="ftp://x" {...a11y} />}
      </FieldShell>,
    )
    const input = screen.getByRole('textbox', { name: 'Image address' })
    expect(input).toHaveAccessibleDescription('Use an https address.')
    expect(input).toBeInvalid()
    expect(await axeViolations(container)).toEqual([])
  })
})
