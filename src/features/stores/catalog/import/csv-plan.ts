import Papa from 'papaparse'
import {
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
} from '../product-form/product-form-schema'

// The columns of an import file: one row per variant, the product's columns repeated on each.
export const csvColumns = [
  'product_id',
  'product_name',
  'brand',
  'category',
  'description',
  'variant_id',
  'variant_name',
  'sku',
  'gtin',
  'price',
  'original_price',
  'quantity',
] as const

type Row = Partial<Record<(typeof csvColumns)[number], string>>

export interface PlannedProduct {
  externalId: string
  /** 1-based line numbers in the file (the header is line 1). */
  lines: number[]
  values: ProductFormOutput
}

export interface RefusedRow {
  line: number
  reason: string
}

export interface ImportPlan {
  products: PlannedProduct[]
  refused: RefusedRow[]
}

const productFields = ['product_name', 'brand', 'category', 'description'] as const

/** Reads the file's text into products to upsert, and the rows that cannot go, with why. */
export function planImport(text: string): ImportPlan {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
    transform: (value) => value.trim(),
  })
  const refused: RefusedRow[] = []
  const missing = ['product_id', 'variant_id'].filter(
    (column) => !parsed.meta.fields?.includes(column),
  )
  if (missing.length > 0)
    return {
      products: [],
      refused: [{ line: 1, reason: `The header lacks ${missing.join(' and ')}.` }],
    }

  const groups = new Map<string, Array<{ line: number; row: Row }>>()
  for (const [index, row] of parsed.data.entries()) {
    const line = index + 2
    if (!row.product_id) {
      refused.push({ line, reason: 'No product_id.' })
      continue
    }
    const group = groups.get(row.product_id) ?? []
    group.push({ line, row })
    groups.set(row.product_id, group)
  }

  const products: PlannedProduct[] = []
  for (const [externalId, rows] of groups) {
    const first = rows[0]?.row ?? {}
    const conflict = productFields.find((field) =>
      rows.some(({ row }) => row[field] && first[field] && row[field] !== first[field]),
    )
    if (conflict) {
      for (const { line } of rows)
        refused.push({ line, reason: `Rows of product ${externalId} disagree on ${conflict}.` })
      continue
    }
    const values: ProductFormValues = {
      externalId,
      name: rows.find(({ row }) => row.product_name)?.row.product_name ?? '',
      brand: first.brand ?? '',
      category: first.category ?? '',
      description: first.description ?? '',
      units: rows.map(({ row }) => ({
        externalId: row.variant_id ?? '',
        name: row.variant_name ?? '',
        sku: row.sku ?? '',
        gtin: row.gtin ?? '',
        price: row.price ?? '',
        originalPrice: row.original_price ?? '',
        quantity: row.quantity ?? '',
      })),
    }
    const checked = productFormSchema.safeParse(values)
    if (checked.success) {
      products.push({ externalId, lines: rows.map(({ line }) => line), values: checked.data })
      continue
    }
    const bad = new Map<number, string>()
    for (const issue of checked.error.issues) {
      const [where, index, field] = issue.path
      const line = where === 'units' && typeof index === 'number' ? rows[index]?.line : undefined
      const column = field ? ` (${columnOf(String(field))})` : ''
      if (line)
        bad.set(line, `${bad.has(line) ? `${bad.get(line)} ` : ''}${issue.message}${column}`)
      else
        for (const { line: each } of rows) bad.set(each, `Product ${externalId}: ${issue.message}`)
    }
    // A product goes whole or not at all, so its good rows wait for the bad ones.
    const firstBad = Math.min(...bad.keys())
    for (const { line } of rows)
      refused.push({
        line,
        reason: bad.get(line) ?? `Not imported: line ${firstBad} of the same product is refused.`,
      })
  }
  refused.sort((a, b) => a.line - b.line)
  return { products, refused }
}

const columnNames: Record<string, string> = {
  externalId: 'variant_id',
  name: 'variant_name',
  originalPrice: 'original_price',
}
const columnOf = (field: string) => columnNames[field] ?? field
