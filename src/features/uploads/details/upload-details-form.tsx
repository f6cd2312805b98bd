import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import {
  type UseFormRegisterReturn,
  type UseFormReturn,
  useController,
  useWatch,
} from 'react-hook-form'
import { channelsQuery } from '../../../api/queries/channels'
import { ProductPicker } from '../../../components/product-picker'
import { scheduleBounds, scheduleHint } from '../../../lib/schedule-window'
import { errorClass, hintClass, inputClass, labelClass, panelClass } from '../ui'
import { maxTaggedProducts, NAME_TOKEN, type UploadDetailsValues } from '../upload-details'

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-slate-500 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

type Name = keyof UploadDetailsValues

// The details every file of a batch gets (each file may override some in its editor in the list).
export function UploadDetailsForm({
  form,
  onReset,
}: {
  form: UseFormReturn<UploadDetailsValues>
  onReset: () => void
}) {
  const { errors } = form.formState
  const [resetNote, setResetNote] = useState('')
  const publish = useWatch({ control: form.control, name: 'publish' })
  const [storeId, products] = useWatch({ control: form.control, name: ['storeId', 'products'] })

  const field = (name: Name, hint?: boolean) => ({
    id: `upload-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby':
      [hint ? `upload-${name}-hint` : null, errors[name] ? `upload-${name}-error` : null]
        .filter(Boolean)
        .join(' ') || undefined,
  })
  const fieldError = (name: Name) =>
    errors[name]?.message ? (
      <p id={`upload-${name}-error`} className={errorClass}>
        {errors[name]?.message}
      </p>
    ) : null
  const bounds = scheduleBounds(new Date())

  return (
    <form
      className={`${panelClass} grid gap-4 md:grid-cols-2`}
      aria-labelledby="upload-details-title"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onChange={() => setResetNote('')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 md:col-span-2">
        <div>
          <h2 id="upload-details-title" className="text-lg font-semibold">
            Details for every file
          </h2>
          <p className={hintClass}>
            A file's own caption, description, hashtags, access or publication (its edit button in
            the list) wins. Kept in this browser until you reset them.
          </p>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            onReset()
            setResetNote('The details are back to their defaults.')
          }}
        >
          Reset details
        </button>
        <p aria-live="polite" className="sr-only">
          {resetNote}
        </p>
      </div>
      <ChannelField form={form} />
      <div className="md:col-span-2">
        <label htmlFor="upload-captionPattern" className={labelClass}>
          Caption
        </label>
        <p id="upload-captionPattern-hint" className={hintClass}>
          {NAME_TOKEN} is replaced by the file name without its extension.
        </p>
        <input
          className={`mt-1 ${inputClass}`}
          {...form.register('captionPattern')}
          {...field('captionPattern', true)}
        />
        {fieldError('captionPattern')}
      </div>
      <div className="md:col-span-2">
        <label htmlFor="upload-description" className={labelClass}>
          Description
        </label>
        <textarea
          rows={3}
          className={`mt-1 ${inputClass}`}
          {...form.register('description')}
          {...field('description')}
        />
        {fieldError('description')}
      </div>
      <div className="md:col-span-2">
        <label htmlFor="upload-hashtags" className={labelClass}>
          Hashtags
        </label>
        <p id="upload-hashtags-hint" className={hintClass}>
          Separated by spaces or commas; a leading # is optional. Up to 30.
        </p>
        <input
          className={`mt-1 ${inputClass}`}
          {...form.register('hashtags')}
          {...field('hashtags', true)}
        />
        {fieldError('hashtags')}
      </div>
      <RadioGroup
        legend="Access"
        options={[
          ['public', 'Public'],
          ['private', 'Private'],
        ]}
        register={form.register('access')}
      />
      <div className="space-y-3">
        <RadioGroup
          legend="Publication"
          options={[
            ['now', 'Publish now'],
            ['draft', 'Save as draft'],
            ['schedule', 'Schedule'],
          ]}
          register={form.register('publish', { deps: 'publishAt' })}
        />
        {publish === 'schedule' ? (
          <div>
            <label htmlFor="upload-publishAt" className={labelClass}>
              Publish at
            </label>
            <p id="upload-publishAt-hint" className={hintClass}>
              {scheduleHint(timeZone)}
            </p>
            <input
              type="datetime-local"
              min={bounds.min}
              max={bounds.max}
              step={60}
              className={`mt-1 ${inputClass}`}
              {...form.register('publishAt')}
              {...field('publishAt', true)}
            />
            {fieldError('publishAt')}
          </div>
        ) : null}
      </div>
      <div className="md:col-span-2">
        <ProductPicker
          id="upload-products"
          value={{ storeId, products }}
          max={maxTaggedProducts}
          error={errors.products?.message}
          onChange={(next) => {
            const options = { shouldDirty: true, shouldValidate: true }
            form.setValue('storeId', next.storeId, options)
            form.setValue('products', next.products, options)
            setResetNote('')
          }}
        />
      </div>
    </form>
  )
}

// The business's channels; the screen's channel is the default. Controlled, so the choice shows
// once the list arrives (its options replace the placeholder).
function ChannelField({ form }: { form: UseFormReturn<UploadDetailsValues> }) {
  const channels = useQuery(channelsQuery())
  const { field, fieldState } = useController({ control: form.control, name: 'channelId' })
  const selected = field.value
  const error = fieldState.error?.message
  const list = channels.data ?? []
  return (
    <div className="md:col-span-2">
      <label htmlFor="upload-channelId" className={labelClass}>
        Channel
      </label>
      <p id="upload-channelId-hint" className={hintClass}>
        The channel every uploaded video is created in.
      </p>
      <select
        className={`mt-1 ${inputClass}`}
        id="upload-channelId"
        aria-invalid={Boolean(error)}
        aria-describedby={['upload-channelId-hint', error ? 'upload-channelId-error' : null]
          .filter(Boolean)
          .join(' ')}
        name={field.name}
        ref={field.ref}
        value={selected}
        onChange={field.onChange}
        onBlur={field.onBlur}
      >
        {list.some((channel) => channel.id === selected) ? null : (
          <option value={selected}>{channels.isPending ? 'Loading…' : selected}</option>
        )}
        {list.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name ?? `@${channel.username}`}
          </option>
        ))}
      </select>
      {error ? (
        <p id="upload-channelId-error" className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

function RadioGroup({
  legend,
  options,
  register,
}: {
  legend: ReactNode
  options: [string, string][]
  register: UseFormRegisterReturn
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="radio" value={value} {...register} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
