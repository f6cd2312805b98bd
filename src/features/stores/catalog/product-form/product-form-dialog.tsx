import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toServiceError } from '@/api/client'
import type { Product } from '@/api/generated/types.gen'
import { Dialog, FormDialogFooter } from '@/components/ui/dialog'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { contractErrorMap } from '@/lib/contract-error-map'
import {
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
  toFormValues,
} from './product-form-schema'
import { UnitFields } from './unit-fields'

// A product of a store managed here, created or edited through the documented upsert. Variants
// merge by their ids: one left out of the form stays as it is in the service.
export function ProductFormDialog({
  product,
  onSubmit,
  onClose,
}: {
  product: Product | null
  onSubmit: (values: ProductFormOutput) => Promise<unknown>
  onClose: () => void
}) {
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema, { error: contractErrorMap }),
    defaultValues: toFormValues(product),
  })
  const submitting = form.formState.isSubmitting
  const skipped = product ? product.units.filter((unit) => !unit.external_id).length : 0
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(productFormSchema.parse(values))
    } catch (error) {
      form.setError('root.server', {
        message: `The service refused it: ${toServiceError(error).message}`,
      })
    }
  })
  return (
    <Dialog
      title={product ? `Edit ${product.name ?? 'product'}` : 'New product'}
      onClose={onClose}
      busy={submitting}
      size="lg"
      footer={
        <FormDialogFooter
          formId="product-form"
          submitLabel={product ? 'Save product' : 'Create product'}
          busy={submitting}
          onCancel={onClose}
        />
      }
    >
      <Form
        form={form}
        idPrefix="product"
        id="product-form"
        onSubmit={submit}
        className="space-y-4"
      >
        <div className="grid gap-3 md:grid-cols-2">
          <Field<ProductFormValues>
            name="externalId"
            label="Product id in your catalog"
            hint={
              product
                ? 'The service finds the product by it; it cannot change.'
                : 'Saving again with this id updates the product.'
            }
          >
            {(a11y) => (
              <TextInput
                {...a11y}
                {...form.register('externalId')}
                readOnly={product !== null}
                autoComplete="off"
              />
            )}
          </Field>
          <Field<ProductFormValues> name="name" label="Product name">
            {(a11y) => <TextInput {...a11y} {...form.register('name')} autoComplete="off" />}
          </Field>
          <Field<ProductFormValues> name="brand" label="Brand">
            {(a11y) => <TextInput {...a11y} {...form.register('brand')} autoComplete="off" />}
          </Field>
          <Field<ProductFormValues> name="category" label="Category">
            {(a11y) => <TextInput {...a11y} {...form.register('category')} autoComplete="off" />}
          </Field>
        </div>
        <Field<ProductFormValues> name="description" label="Description">
          {(a11y) => <TextArea {...a11y} {...form.register('description')} rows={3} />}
        </Field>
        {skipped > 0 ? (
          <p className="text-sm text-amber-900">
            {skipped === 1 ? 'One variant has' : `${skipped} variants have`} no id, so the service
            cannot update {skipped === 1 ? 'it' : 'them'} from here;{' '}
            {skipped === 1 ? 'it stays' : 'they stay'} as stored.
          </p>
        ) : null}
        <UnitFields />
        <FormRefusal />
      </Form>
    </Dialog>
  )
}
