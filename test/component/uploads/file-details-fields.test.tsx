import { fireEvent, screen } from '@testing-library/react'
import { h, render } from 'preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileDetailsFields } from '@/features/uploads/details/file-details-fields'
import { checkSchedule, scheduleHint } from '@/lib/schedule-window'

// Uppy's Dashboard (Preact) draws each field as a label for `uppy-Dashboard-FileCard-input-{id}`
// followed by the field's render; this mounts the fields the same way.
function mountFields(values: Record<string, string>, onChange = vi.fn()) {
  const root = document.createElement('div')
  document.body.append(root)
  const draw = () =>
    render(
      h(
        'div',
        null,
        fileDetailsFields.map((field) =>
          h(
            'fieldset',
            { key: field.id },
            h('label', { htmlFor: `uppy-Dashboard-FileCard-input-${field.id}` }, field.name),
            field.render?.(
              {
                value: values[field.id] ?? '',
                onChange: (value: string) => onChange(field.id, value),
                fieldCSSClasses: { text: '' },
                required: false,
                form: 'card',
              },
              h,
            ),
          ),
        ),
      ),
      root,
    )
  draw()
  return { onChange, root }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe("a file's own details in Uppy's file editor", () => {
  it('labels every field and offers "as for every file" where a choice is made', () => {
    mountFields({})
    for (const name of ['Caption', 'Description', 'Hashtags', 'Publish at']) {
      expect(screen.getByLabelText(name)).toHaveValue('')
    }
    expect(screen.getByLabelText('Access')).toHaveDisplayValue('As for every file')
    expect(
      Array.from(screen.getByLabelText('Publication').querySelectorAll('option')).map(
        (option) => option.textContent,
      ),
    ).toEqual(['As for every file', 'Publish now', 'Save as draft', 'Schedule'])
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(screen.getByLabelText('Publish at')).toHaveAccessibleDescription(
      `${scheduleHint(timeZone)} Used when the publication is Schedule. Empty: the time for every file.`,
    )
  })

  it('reports each entry to the editor', () => {
    const { onChange } = mountFields({})
    fireEvent.input(screen.getByLabelText('Caption'), { target: { value: 'Own caption' } })
    fireEvent.change(screen.getByLabelText('Publication'), { target: { value: 'schedule' } })
    expect(onChange.mock.calls).toEqual([
      ['caption', 'Own caption'],
      ['publish', 'schedule'],
    ])
  })

  it('says at once when the hashtags or the time break the rules', () => {
    const publishAt = '2001-01-01T10:00'
    const check = checkSchedule(publishAt, new Date())
    if (check.ok) throw new Error('a past time is accepted')
    mountFields({ hashtags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(' '), publishAt })
    const hashtags = screen.getByLabelText('Hashtags')
    expect(hashtags).toHaveAttribute('aria-invalid', 'true')
    expect(hashtags).toHaveAccessibleDescription('Use at most 30 hashtags.')
    expect(screen.getByLabelText('Publish at')).toHaveAccessibleDescription(
      expect.stringContaining(check.message),
    )
  })
})
