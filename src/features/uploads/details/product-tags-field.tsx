import { useQuery } from '@tanstack/react-query'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { storesQuery } from '@/api/queries/stores'
import type { Tags } from '@/components/product-tags/tag-model'
import { TagPicker } from '@/components/product-tags/tag-picker'
import { Checkbox } from '@/components/ui/checkbox'
import { labelClasses } from '@/components/ui/control-styles'
import { CheckboxField } from '@/components/ui/field'
import type { UploadDetailsValues } from '../upload-details'

type Values = UploadDetailsValues

const options = { shouldDirty: true, shouldValidate: true } as const

// The video page's tag picker over the form's values: the products and variants every new video
// is created with, resolved in one store.
export function ProductTagsField({
  form,
  onEdit,
}: {
  form: UseFormReturn<Values>
  onEdit: () => void
}) {
  const [storeId, productIds, variantIds] = useWatch({
    control: form.control,
    name: ['storeId', 'productIds', 'variantIds'],
  })
  const stores = useQuery(storesQuery())
  // Without a (known) choice, the service's default: the business's first store (the list is
  // newest first), which is also what the service uses when the details name none.
  const known = !stores.data || stores.data.some((store) => store.id === storeId)
  const shownStore = (storeId && known ? storeId : stores.data?.at(-1)?.id) ?? ''
  const { errors } = form.formState
  const setTags = (tags: Tags) => {
    form.setValue('productIds', [...tags.products], options)
    form.setValue('variantIds', [...tags.variants], options)
    onEdit()
  }
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className={labelClasses}>Product tags</legend>
      <TagPicker
        idPrefix="upload-tags"
        storeId={shownStore}
        storeHint="Tags come from one store; choosing another store removes them."
        onStoreChange={(next) => {
          form.setValue('storeId', next, options)
          setTags({ products: [], variants: [] })
        }}
        tags={{ products: productIds, variants: variantIds }}
        onChange={(update) => {
          // Tags are sent with the store they were picked from, even the default one.
          if (storeId !== shownStore) form.setValue('storeId', shownStore, options)
          setTags(
            update({
              products: form.getValues('productIds'),
              variants: form.getValues('variantIds'),
            }),
          )
        }}
        error={errors.productIds?.message ?? errors.variantIds?.message}
      />
      <CheckboxField<Values>
        name="hiddenFromProducts"
        label="Hide the new videos from the tagged products’ pages"
      >
        {(a11y) => <Checkbox {...a11y} {...form.register('hiddenFromProducts')} />}
      </CheckboxField>
    </fieldset>
  )
}
