import * as z from 'zod/mini'

/**
 * A URL's search value as the app reads it: JSON where it is JSON (`true`, `3`, `"3"`), except a
 * number that would not print back the same (`12345678901234567890`, a product code, would lose
 * its last digits; `1e3` would become `1000`), which stays the text it is.
 */
export function readSearchValue(text: string): unknown {
  const value: unknown = JSON.parse(text)
  return typeof value === 'number' && String(value) !== text ? text : value
}

/**
 * Words typed into a search, as a URL holds them. A link written by hand or shared (`?q=2024`)
 * reads as a number, or a boolean (`?q=true`): those are the words typed, not a reason to drop
 * the search.
 */
export const searchText = (maxLength: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number(), z.boolean()]),
        z.pipe(
          z.transform((value: string | number | boolean) => String(value)),
          z.string().check(z.maxLength(maxLength)),
        ),
      ),
    ),
    undefined,
  )
