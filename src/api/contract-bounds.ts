import type * as z from 'zod'

/** The most items an array schema of the contract allows (its maxItems). */
export function maxItems(schema: z.ZodArray) {
  for (const check of schema.def.checks ?? []) {
    const { def } = check._zod
    if (def.check === 'max_length') return (def as z.core.$ZodCheckMaxLengthDef).maximum
  }
  throw new Error('The contract gives this list no bound.')
}
