import * as z from 'zod/mini'

// Which way in is shown (files, or an import from a URL) lives in the URL, so a reload or Back
// returns to it. Files are the default and leave the URL clean.
export const uploadsSearchSchema = z.object({
  add: z.catch(z.optional(z.enum(['url'])), undefined),
})

export type UploadsSearch = z.output<typeof uploadsSearchSchema>
