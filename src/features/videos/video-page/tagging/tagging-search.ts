import * as z from 'zod/mini'

// The store the page's tagging works in lives in the URL, so the tag editor and the AI
// suggestions follow one choice, and a link or a reload keeps it.
export const videoPageSearchSchema = z.object({
  store: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
})
