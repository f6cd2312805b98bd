import { operations } from '../../../src/api/operations.gen.ts'

export type Operation = (typeof operations)[number]

const segmentsOf = (path: string) => path.split('/').slice(1)
// An id the contract puts in a path: letters, digits, -, _ and dots, never a dot segment.
const idSegment = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/

const table = operations.map((operation) => ({ operation, segments: segmentsOf(operation.path) }))

function matches(template: readonly string[], segments: readonly string[]): boolean {
  return (
    template.length === segments.length &&
    template.every((part, index) => {
      const segment = segments[index] ?? ''
      return part.startsWith('{') ? idSegment.test(segment) : part === segment
    })
  )
}

// Literal segments count before templated ones, so /videos/download_urls is never read as the
// video "download_urls".
const literalCount = (template: readonly string[]) =>
  template.filter((part) => !part.startsWith('{')).length

/**
 * The contract's operations for a path (any method), most specific first: empty for a path the
 * contract does not have.
 */
export function operationsAt(pathname: string): Operation[] {
  const segments = segmentsOf(pathname)
  return table
    .filter((row) => matches(row.segments, segments))
    .sort((a, b) => literalCount(b.segments) - literalCount(a.segments))
    .map((row) => row.operation)
}

/** The contract's operation for a method and path, or null. */
export function matchOperation(method: string, pathname: string): Operation | null {
  const candidates = operationsAt(pathname)
  const best = candidates[0]
  if (!best) return null
  return (
    candidates.find((operation) => operation.path === best.path && operation.method === method) ??
    null
  )
}
