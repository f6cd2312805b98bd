import * as z from 'zod'
import type { Product, ProductUpsert } from '@/api/generated/types.gen'
import { zProductUnitInput, zProductUpsert } from '@/api/generated/zod.gen'

const { external_id, name, brand, category, description } = zProductUpsert.shape
const unit = zProductUnitInput.shape
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.union([z.literal(''), schema]).optional()
const amount = (field: z.ZodNumber) =>
  z.union([z.literal(''), z.coerce.number({ error: 'Enter a number.' }).pipe(field)], {
    error: 'Enter a number.',
  })

// The variants a product is sold as. Each carries an external id, which the service matches on
// when the product is saved again (a unit sent without one to an existing product is refused).
const unitSchema = z
  .object({
    externalId: unit.external_id.unwrap(),
    name: optional(unit.name.unwrap()),
    sku: optional(unit.sku.unwrap()),
    gtin: optional(unit.gtin.unwrap()),
    price: amount(unit.price.unwrap()),
    originalPrice: amount(unit.original_price.unwrap()),
    quantity: amount(unit.quantity.unwrap()),
  })
  .superRefine((value, context) => {
    if (value.originalPrice !== '' && value.price !== '' && value.originalPrice < value.price)
      context.addIssue({
        code: 'custom',
        path: ['originalPrice'],
        message: 'The original price must be at least the price.',
      })
  })

export const productFormSchema = z
  .object({
    externalId: external_id.unwrap().min(1, 'Give the product an id from your catalog.'),
    name: name.unwrap().trim().min(1, 'This cannot be empty.'),
    brand: optional(brand.unwrap()),
    category: optional(category.unwrap()),
    description: optional(description.unwrap()),
    units: z.array(unitSchema).min(1, 'A product is sold as at least one variant.'),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>()
    value.units.forEach((each, index) => {
      if (seen.has(each.externalId))
        context.addIssue({
          code: 'custom',
          path: ['units', index, 'externalId'],
          message: 'Another variant of this product has this id.',
        })
      seen.add(each.externalId)
    })
  })

export type ProductFormValues = z.input<typeof productFormSchema>
export type ProductFormOutput = z.output<typeof productFormSchema>

export const emptyUnit: ProductFormValues['units'][number] = {
  externalId: '',
  name: '',
  sku: '',
  gtin: '',
  price: '',
  originalPrice: '',
  quantity: '',
}

const text = (value: string | null) => value ?? ''
const number = (value: number | null) => (value === null ? '' : String(value))

/** The form's values for a product as stored; variants without an external id are left out. */
export function toFormValues(product: Product | null): ProductFormValues {
  if (!product)
    return {
      externalId: '',
      name: '',
      brand: '',
      category: '',
      description: '',
      units: [emptyUnit],
    }
  return {
    externalId: text(product.external_id),
    name: text(product.name),
    brand: text(product.brand),
    category: text(product.category),
    description: text(product.description),
    units: product.units
      .filter((each) => each.external_id)
      .map((each) => ({
        externalId: text(each.external_id),
        name: text(each.name),
        sku: text(each.sku),
        gtin: text(each.gtin),
        price: number(each.price),
        originalPrice: number(each.original_price),
        quantity: number(each.quantity),
      })),
  }
}

const present = <Value>(key: string, value: Value | '' | undefined) =>
  value === '' || value === undefined ? {} : { [key]: value }

/**
 * The documented upsert body: matched by external id in the store; variants always go as
 * product_units (never the product-level fields a simple product may use instead), so the rule
 * that those fields and product_units exclude each other cannot be broken from this form.
 */
export function toUpsertBody(storeId: string, values: ProductFormOutput): ProductUpsert {
  return {
    business_store_id: storeId,
    external_id: values.externalId,
    name: values.name,
    ...present('brand', values.brand),
    ...present('category', values.category),
    ...present('description', values.description),
    product_units: values.units.map((each) => ({
      external_id: each.externalId,
      ...present('name', each.name),
      ...present('sku', each.sku),
      ...present('gtin', each.gtin),
      ...present('price', each.price),
      ...present('original_price', each.originalPrice),
      ...present('quantity', each.quantity),
    })),
  }
}
