import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type UseFormReturn, useController, useWatch } from 'react-hook-form'
import { channelsQuery } from '@/api/queries/channels'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/choice-group'
import { Field, Form, useFieldError, useFieldId } from '@/components/ui/field'
import { ScheduleInput } from '@/components/ui/schedule-input'
import { Select } from '@/components/ui/select'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { accessLabels } from '@/lib/video-facts'
import { NAME_TOKEN, type UploadDetailsValues } from '../upload-details'
import { DetailsSummary } from './details-summary'
import { ProductTagsField } from './product-tags-field'
import { UploadReadiness } from './upload-readiness'

type Values = UploadDetailsValues

const accessOptions = [
  { value: 'public', label: accessLabels.public },
  { value: 'private', label: accessLabels.private },
] as const

const publishOptions = [
  { value: 'now', label: 'Publish now' },
  { value: 'draft', label: 'Save as draft' },
  { value: 'schedule', label: 'Schedule' },
] as const

// The details every file of a batch gets (each file may override some in its editor in the list).
export function UploadDetailsForm({
  form,
  onReset,
}: {
  form: UseFormReturn<Values>
  onReset: () => void
}) {
  const [resetNote, setResetNote] = useState('')
  // Below the two-column layout the fields fold away under their summary; a mistake unfolds them.
  const [unfolded, setUnfolded] = useState(false)
  const open = unfolded || Object.keys(form.formState.errors).length > 0
  const publish = useWatch({ control: form.control, name: 'publish' })

  return (
    <Form
      form={form}
      idPrefix="upload"
      className="space-y-4"
      aria-labelledby="upload-details-title"
      onSubmit={(event) => event.preventDefault()}
      onChange={() => setResetNote('')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="upload-details-title" className="text-lg font-semibold">
            Details for every file
          </h2>
          <DetailsSummary control={form.control} />
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls="upload-details-fields"
            onClick={() => setUnfolded(!open)}
          >
            {open ? 'Hide details' : 'Edit details'}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              onReset()
              setResetNote('The details are back to their defaults.')
            }}
          >
            Reset details
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {resetNote}
        </p>
      </div>
      <div id="upload-details-fields" className={`space-y-4 ${open ? '' : 'hidden lg:block'}`}>
        <p className="text-sm text-slate-700">
          A file's own caption, description, hashtags, access or publication (its edit button in the
          list) wins. Kept in this browser until you reset them.
        </p>
        <ChannelField form={form} />
        <Field<Values>
          name="captionPattern"
          label="Caption"
          hint={`${NAME_TOKEN} is replaced by the file name without its extension.`}
        >
          {(a11y) => <TextInput {...form.register('captionPattern')} {...a11y} />}
        </Field>
        <Field<Values> name="description" label="Description">
          {(a11y) => <TextArea {...form.register('description')} {...a11y} />}
        </Field>
        <Field<Values>
          name="hashtags"
          label="Hashtags"
          hint="Separated by spaces or commas; a leading # is optional. Up to 30."
        >
          {(a11y) => <TextInput {...form.register('hashtags')} {...a11y} />}
        </Field>
        <RadioGroup legend="Access" options={accessOptions} inputProps={form.register('access')} />
        <RadioGroup
          legend="Publication"
          options={publishOptions}
          inputProps={form.register('publish', { deps: 'publishAt' })}
        />
        {publish === 'schedule' ? <PublishAtField form={form} /> : null}
        <ProductTagsField form={form} onEdit={() => setResetNote('')} />
        <UploadReadiness control={form.control} />
      </div>
    </Form>
  )
}

function PublishAtField({ form }: { form: UseFormReturn<Values> }) {
  return (
    <ScheduleInput
      id={useFieldId('publishAt')}
      error={useFieldError<Values>('publishAt')}
      {...form.register('publishAt')}
    />
  )
}

// The business's channels; the screen's channel is the default. Controlled, so the choice shows
// once the list arrives (its options replace the placeholder).
function ChannelField({ form }: { form: UseFormReturn<Values> }) {
  const channels = useQuery(channelsQuery())
  const { field } = useController({ control: form.control, name: 'channelId' })
  const list = channels.data ?? []
  return (
    <Field<Values>
      name="channelId"
      label="Channel"
      hint="The channel every uploaded video is created in."
    >
      {(a11y) => (
        <Select
          {...a11y}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        >
          {list.some((channel) => channel.id === field.value) ? null : (
            <option value={field.value}>{channels.isPending ? 'Loading…' : field.value}</option>
          )}
          {list.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.name ?? `@${channel.username}`}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}
