/** Thrown when bytes are not a usable MP4/QuickTime container (garbage, truncated, no moov, ...). */
export class InvalidMediaError extends Error {
  override readonly name = 'InvalidMediaError'
}
