import { partRanges } from '@/lib/upload-parts.ts'

export {
  MULTIPART_THRESHOLD_BYTES,
  planParts,
} from '@/lib/upload-parts.ts'

// Every method sends exactly the parts the dashboard's uploader sends: the app's own plan, with
// the 1-based part numbers the service uses.
export function numberedParts(size: number): Array<{ part: number; start: number; end: number }> {
  return partRanges(size).map((range, index) => ({ part: index + 1, ...range }))
}
