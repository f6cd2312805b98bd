import * as v from 'valibot'
import { optionalParam } from '@/lib/search-params'

// Which way in is shown (files, or an import from a URL) lives in the URL, so a reload or Back
// returns to it. Files are the default and leave the URL clean.
export const uploadsSearchSchema = v.object({
  add: optionalParam(v.picklist(['url'])),
})

export type UploadsSearch = v.InferOutput<typeof uploadsSearchSchema>
