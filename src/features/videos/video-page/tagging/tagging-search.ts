import * as v from 'valibot'
import { boundedText, optionalParam } from '@/lib/search-params'

// The store the page's tagging works in lives in the URL, so the tag editor and the AI
// suggestions follow one choice, and a link or a reload keeps it.
export const videoPageSearchSchema = v.object({
  store: optionalParam(boundedText(64)),
})
