import type { Body, Meta } from '@uppy/core'
import type { DashboardOptions } from '@uppy/dashboard'
import { scheduleBounds, scheduleHint } from '@/lib/schedule-window'
import { accessLabels } from '@/lib/video-facts'
import { fieldRules } from '../upload-details'
import type { FileDetailKey } from './file-details'

// The file editor of Uppy's Dashboard (Preact): each file may override the details for every file.
// An empty entry keeps the value for every file. Dashboard labels each field with `name` through
// the id `uppy-Dashboard-FileCard-input-{id}`, so the controls below take that id.

type DetailsField = Extract<
  NonNullable<DashboardOptions<Meta, Body>['metaFields']>,
  unknown[]
>[number]
type RenderOptions = Parameters<NonNullable<DetailsField['render']>>[0]
type CreateElement = Parameters<NonNullable<DetailsField['render']>>[1]

const controlId = (id: FileDetailKey) => `uppy-Dashboard-FileCard-input-${id}`
const noteStyle = { display: 'block', fontSize: '12px', marginTop: '4px', color: '#334155' }
const errorStyle = { ...noteStyle, color: '#991b1b', fontWeight: 600 }

// A control with an optional hint and error below it, in the space Dashboard gives the input.
function control(
  h: CreateElement,
  id: FileDetailKey,
  field: RenderOptions,
  element: 'input' | 'textarea' | 'select',
  props: Record<string, unknown>,
  options: { hint?: string; error?: string | null; children?: unknown[] } = {},
) {
  const hintId = options.hint ? `${controlId(id)}-hint` : null
  const errorId = options.error ? `${controlId(id)}-error` : null
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  return h(
    'span',
    { class: 'uppy-Dashboard-FileCard-input', style: { display: 'inline-block' } },
    h(
      element,
      {
        id: controlId(id),
        class: 'uppy-u-reset uppy-c-textInput',
        // Uppy's reset hides a select's arrow; a select should look like one.
        style: { width: '100%', ...(element === 'select' ? { appearance: 'auto' } : {}) },
        form: field.form,
        value: field.value ?? '',
        'aria-invalid': options.error ? 'true' : undefined,
        'aria-describedby': describedBy || undefined,
        'data-uppy-super-focusable': true,
        [element === 'select' ? 'onChange' : 'onInput']: (event: Event) =>
          field.onChange((event.target as HTMLInputElement).value),
        ...props,
      },
      ...(options.children ?? []),
    ),
    hintId ? h('span', { id: hintId, style: noteStyle }, options.hint) : null,
    errorId ? h('span', { id: errorId, style: errorStyle }, options.error) : null,
  )
}

const option = (h: CreateElement, value: string, label: string) => h('option', { value }, label)

export const fileDetailsFields: DetailsField[] = [
  {
    id: 'caption',
    name: 'Caption',
    render: (field, h) =>
      control(h, 'caption', field, 'input', {
        type: 'text',
        placeholder: 'Empty: the caption pattern for every file',
      }),
  },
  {
    id: 'description',
    name: 'Description',
    render: (field, h) =>
      control(h, 'description', field, 'textarea', {
        rows: 2,
        placeholder: 'Empty: the description for every file',
      }),
  },
  {
    id: 'hashtags',
    name: 'Hashtags',
    render: (field, h) =>
      control(
        h,
        'hashtags',
        field,
        'input',
        { type: 'text', placeholder: 'Empty: the hashtags for every file' },
        { error: field.value ? fieldRules.hashtags(field.value) : null },
      ),
  },
  {
    id: 'access',
    name: 'Access',
    render: (field, h) =>
      control(
        h,
        'access',
        field,
        'select',
        {},
        {
          children: [
            option(h, '', 'As for every file'),
            option(h, 'public', accessLabels.public),
            option(h, 'private', accessLabels.private),
          ],
        },
      ),
  },
  {
    id: 'publish',
    name: 'Publication',
    render: (field, h) =>
      control(
        h,
        'publish',
        field,
        'select',
        {},
        {
          children: [
            option(h, '', 'As for every file'),
            option(h, 'now', 'Publish now'),
            option(h, 'draft', 'Save as draft'),
            option(h, 'schedule', 'Schedule'),
          ],
        },
      ),
  },
  {
    id: 'publishAt',
    name: 'Publish at',
    render: (field, h) => {
      const bounds = scheduleBounds(new Date())
      return control(
        h,
        'publishAt',
        field,
        'input',
        { type: 'datetime-local', min: bounds.min, max: bounds.max, step: 60 },
        {
          hint: `${scheduleHint()} Used when the publication is Schedule. Empty: the time for every file.`,
          error: field.value ? fieldRules.schedule(field.value, new Date()) : null,
        },
      )
    },
  },
]
