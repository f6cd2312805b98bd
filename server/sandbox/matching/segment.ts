const MIN_KNOWN_PIECE = 3
const MIN_GLUE_PIECE = 2
const MAX_COMPOUND_LENGTH = 48

/**
 * Splits a run-together hashtag word such as `summerdress` into pieces the catalog knows,
 * allowing stopwords as glue (`dressoftheday`). Only a complete split is accepted, so
 * unknown words never produce accidental partial matches. Returns the known pieces, or null.
 */
export function segmentCompound(
  word: string,
  isKnown: (piece: string) => boolean,
  isGlue: (piece: string) => boolean,
): string[] | null {
  const chars = Array.from(word)
  const length = chars.length
  if (length < MIN_KNOWN_PIECE * 2 || length > MAX_COMPOUND_LENGTH) return null

  // best[i]: fewest pieces covering chars[0, i); ties keep the first split found.
  const best: Array<{ pieces: number; from: number; known: boolean } | null> = [
    { pieces: 0, from: -1, known: false },
  ]
  for (let end = 1; end <= length; end++) {
    best[end] = null
    for (let start = 0; start <= end - MIN_GLUE_PIECE; start++) {
      const previous = best[start]
      if (!previous) continue
      const piece = chars.slice(start, end).join('')
      const known = piece.length >= MIN_KNOWN_PIECE && isKnown(piece)
      if (!known && !isGlue(piece)) continue
      const current = best[end]
      if (!current || previous.pieces + 1 < current.pieces) {
        best[end] = { pieces: previous.pieces + 1, from: start, known }
      }
    }
  }

  const pieces: string[] = []
  for (let end = length; end > 0; ) {
    const step = best[end]
    if (!step) return null
    if (step.known) pieces.unshift(chars.slice(step.from, end).join(''))
    end = step.from
  }
  return pieces.length > 0 ? pieces : null
}
