import * as v from 'valibot'

// Search params are read with valibot, not zod: the route tree and so every search schema are in
// the first screen's script, and any zod there brings zod's core, sized by everything the lazy
// screens use of it (15 KiB gzip). valibot's functions stand alone: the script carries those used.

/**
 * A URL's search value as the app reads it: JSON where it is JSON (`true`, `3`, `"3"`), except a
 * number that would not print back the same (`12345678901234567890`, a product code, would lose
 * its last digits; `1e3` would become `1000`), which stays the text it is.
 */
export function readSearchValue(text: string): unknown {
  const value: unknown = JSON.parse(text)
  return typeof value === 'number' && String(value) !== text ? text : value
}

/** A search param that may be absent; one that is not valid is dropped, never failing the page. */
export const optionalParam = <const Schema extends v.GenericSchema>(schema: Schema) =>
  v.fallback(v.optional(schema), undefined)

/** Text of at most `max` characters (and at least `min`). */
export const boundedText = (max: number, min = 0) =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max))

/** A day, `YYYY-MM-DD`. */
export const dayParam = optionalParam(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)))

/**
 * Words typed into a search, as a URL holds them. A link written by hand or shared (`?q=2024`)
 * reads as a number, or a boolean (`?q=true`): those are the words typed, not a reason to drop
 * the search.
 */
export const searchText = (maxLength: number) =>
  optionalParam(
    v.pipe(
      v.union([v.string(), v.number(), v.boolean()]),
      v.transform(String),
      v.maxLength(maxLength),
    ),
  )
