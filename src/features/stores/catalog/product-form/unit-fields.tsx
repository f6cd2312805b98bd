import { useFieldArray, useFormContext } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Field, useFieldError } from '@/components/ui/field'
import { InlineError } from '@/components/ui/inline-error'
import { TextInput } from '@/components/ui/text-input'
import { emptyUnit, type ProductFormValues } from './product-form-schema'

const columns: Array<{
  key: keyof ProductFormValues['units'][number]
  label: string
  type?: 'number'
  step?: string
}> = [
  { key: 'externalId', label: 'Variant id' },
  { key: 'name', label: 'Name' },
  { key: 'sku', label: 'SKU' },
  { key: 'gtin', label: 'GTIN' },
  { key: 'price', label: 'Price', type: 'number', step: '0.01' },
  { key: 'originalPrice', label: 'Original price', type: 'number', step: '0.01' },
  { key: 'quantity', label: 'Stock', type: 'number', step: '1' },
]

// The variants, one group of fields each, added and removed in place.
export function UnitFields() {
  const { control, register } = useFormContext<ProductFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'units' })
  const listError = useFieldError<ProductFormValues>('units.root')
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Variants</legend>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Variant {index + 1}</legend>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {columns.map((column) => (
              <Field<ProductFormValues>
                key={column.key}
                name={`units.${index}.${column.key}`}
                label={column.label}
              >
                {(a11y) => (
                  <TextInput
                    {...a11y}
                    {...register(`units.${index}.${column.key}`)}
                    type={column.type ?? 'text'}
                    step={column.step}
                    min={column.type ? 0 : undefined}
                    autoComplete="off"
                  />
                )}
              </Field>
            ))}
          </div>
          <Button
            size="sm"
            variant="quiet"
            className="mt-2"
            disabled={fields.length === 1}
            onClick={() => remove(index)}
          >
            Remove variant {index + 1}
          </Button>
        </fieldset>
      ))}
      {listError ? <InlineError>{listError}</InlineError> : null}
      <Button size="sm" onClick={() => append(emptyUnit)}>
        Add a variant
      </Button>
    </fieldset>
  )
}
