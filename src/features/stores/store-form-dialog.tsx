import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import * as z from 'zod'
import { toServiceError } from '@/api/client'
import type { BusinessStore } from '@/api/generated/types.gen'
import { zBusinessStoreCreate } from '@/api/generated/zod.gen'
import { Dialog, FormDialogFooter } from '@/components/ui/dialog'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { contractErrorMap } from '@/lib/contract-error-map'
import { CurrencyPicker } from './currency-picker'
import { providerName, storeTypeName } from './store-words'

const { name, currency, uid, url } = zBusinessStoreCreate.shape
const storeFormSchema = z.object({
  name: z.string().trim().pipe(name),
  currency: z.string().min(1, 'Choose the store’s currency.').pipe(currency),
  uid: z.union([z.literal(''), uid.unwrap()]),
  url: z.union([
    z.literal(''),
    url.unwrap().regex(/^https?:\/\//, 'Enter an address that starts with http:// or https://.'),
  ]),
})

export type StoreFormValues = z.input<typeof storeFormSchema>

/** Which field a refusal of the service is about, by its words. */
function fieldOf(message: string): keyof StoreFormValues | null {
  const field = /^(name|currency|uid|url)\b/.exec(message)?.[1]
  if (field) return field as keyof StoreFormValues
  return /currency/i.test(message) ? 'currency' : /uid/i.test(message) ? 'uid' : null
}

// A new local store, or an existing store's name, currency and address. What cannot change is
// shown with the reason. A refusal is shown on the field it is about; what was typed stays.
export function StoreFormDialog({
  store,
  onSubmit,
  onClose,
}: {
  /** The store to edit; a new store without. */
  store?: BusinessStore
  onSubmit: (values: {
    name: string
    currency: string
    uid: string
    url: string
  }) => Promise<unknown>
  onClose: () => void
}) {
  const form = useForm<StoreFormValues>({
    resolver: zodResolver(storeFormSchema, { error: contractErrorMap }),
    defaultValues: {
      name: store?.name ?? '',
      currency: store?.currency ?? '',
      uid: store?.uid ?? '',
      url: store?.url ?? '',
    },
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(storeFormSchema.parse(values))
    } catch (error) {
      const { message } = toServiceError(error)
      form.setError(fieldOf(message) ?? 'root.server', {
        message: `The service refused it: ${message}`,
      })
    }
  })
  return (
    <Dialog
      title={store ? 'Edit store' : 'New store'}
      description={
        store ? undefined : 'A store managed here: its catalog is edited in this dashboard.'
      }
      onClose={onClose}
      busy={submitting}
      size="md"
      footer={
        <FormDialogFooter
          formId="store-form"
          submitLabel={store ? 'Save changes' : 'Create store'}
          busy={submitting}
          onCancel={onClose}
        />
      }
    >
      <Form form={form} idPrefix="store" id="store-form" onSubmit={submit} className="space-y-4">
        <Field<StoreFormValues> name="name" label="Name">
          {(a11y) => <TextInput {...a11y} {...form.register('name')} autoComplete="off" />}
        </Field>
        <Controller
          control={form.control}
          name="currency"
          render={({ field, fieldState }) => (
            <CurrencyPicker
              id="store-currency"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        {store ? null : (
          <Field<StoreFormValues>
            name="uid"
            label="Store id on your commerce platform"
            hint="Optional; unique among your stores. It cannot be changed later."
          >
            {(a11y) => <TextInput {...a11y} {...form.register('uid')} autoComplete="off" />}
          </Field>
        )}
        <Field<StoreFormValues> name="url" label="Storefront address" hint="Optional">
          {(a11y) => (
            <TextInput {...a11y} {...form.register('url')} type="url" autoComplete="off" />
          )}
        </Field>
        {store ? (
          <section
            aria-label="Fixed when the store was created"
            className="rounded-md bg-slate-50 p-3 text-sm"
          >
            <p className="mb-2 text-slate-700">
              These were set when the store was created and the service does not change them.
            </p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="font-medium">Provider</dt>
              <dd>{providerName(store.provider)}</dd>
              <dt className="font-medium">Store id on the platform</dt>
              <dd>{store.uid ?? 'None'}</dd>
              <dt className="font-medium">Type</dt>
              <dd>{storeTypeName(store.store_type)}</dd>
              <dt className="font-medium">Business</dt>
              <dd>{store.business_id}</dd>
            </dl>
          </section>
        ) : null}
        <FormRefusal />
      </Form>
    </Dialog>
  )
}
