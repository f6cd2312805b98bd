// The rules' text tests as regular expressions, one spelling for JavaScript (evaluate.ts and
// SQLite's REGEXP, db/database.ts) and its translation for PostgreSQL's `~*`, so that both answer
// alike. Case-insensitive everywhere.

export const maxPatternLength = 200

const special = /[\\^$.|?*+()[\]{}]/g

/** `text` as an expression that matches it literally. */
export const literal = (text: string) => text.replace(special, (char) => `\\${char}`)

export const containsPattern = (text: string) => literal(text)
export const startsPattern = (text: string) => `^${literal(text)}`
export const equalsPattern = (text: string) => `^${literal(text)}$`

/**
 * Why `pattern` cannot be a rule's `matches`, or null: too long, not an expression, or one that
 * could run for ever (back-references, quantified groups holding quantifiers) or that the two
 * databases read differently.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > maxPatternLength)
    return `is ${pattern.length} characters long; at most ${maxPatternLength} are allowed`
  try {
    // The strict reading refuses what the loose one would take literally (a lone brace, `\-`).
    new RegExp(pattern, 'u')
  } catch (error) {
    return `is not a regular expression (${error instanceof Error ? error.message : error})`
  }
  return scan(pattern)
}

interface Group {
  quantified: boolean
}

// One pass over the expression, group by group: what it holds and what follows each group.
function scan(pattern: string): string | null {
  const groups: Group[] = [{ quantified: false }]
  // Whether the last atom was a group holding a quantifier, and whether a quantifier just ended.
  let lastGroupQuantified = false
  let afterQuantifier = false
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] as string
    if (afterQuantifier && char === '?') {
      // A lazy mark is part of the quantifier before it.
      afterQuantifier = false
      continue
    }
    afterQuantifier = false
    if (char === '*' || char === '+' || char === '?' || char === '{') {
      const end = char === '{' ? pattern.indexOf('}', at) : at
      const repeats =
        char === '*' ||
        char === '+' ||
        (char === '{' && !/^\{(0,)?[01]\}$/.test(pattern.slice(at, end + 1)))
      if (lastGroupQuantified && repeats)
        return 'repeats a group that repeats something itself (such as (a+)+), which can take far too long'
      ;(groups[groups.length - 1] as Group).quantified = true
      at = end
      afterQuantifier = true
      lastGroupQuantified = false
      continue
    }
    lastGroupQuantified = false
    if (char === '\\') {
      const next = pattern[at + 1] ?? ''
      if (/[1-9]/.test(next) || (next === 'k' && pattern[at + 2] === '<'))
        return 'uses a back-reference, which can take far too long; match the words themselves'
      if (next === 'u' && pattern[at + 2] === '{')
        return 'uses \\u{…}; write the character itself or \\uXXXX'
      if (/[pP]/.test(next)) return 'uses a Unicode property (\\p{…}), which is not supported'
      if (next === 'c' || next === '0') return `uses \\${next}, which is not supported`
      at += 1
    } else if (char === '[') {
      const end = classEnd(pattern, at)
      if (typeof end === 'string') return end
      at = end
    } else if (char === '(') {
      if (pattern.startsWith('(?<', at) && !/^\(\?<[=!]/.test(pattern.slice(at)))
        return 'uses a named group; use (…) or (?:…)'
      groups.push({ quantified: false })
      // The group's kind ((?:, (?=, (?!, (?<=, (?<!) is not a quantifier.
      const kind = /^\(\?(<[=!]|[:=!])/.exec(pattern.slice(at))
      if (kind) at += kind[0].length - 1
    } else if (char === ')') {
      const group = groups.pop() as Group
      const parent = groups[groups.length - 1] as Group
      parent.quantified ||= group.quantified
      lastGroupQuantified = group.quantified
    }
  }
  return null
}

/** Where the class opened at `start` closes, or why it cannot be used. */
function classEnd(pattern: string, start: number): number | string {
  let at = start + 1
  if (pattern[at] === '^') at++
  // JavaScript reads `[]` as a class of nothing and `[^]` as anything; PostgreSQL as a `]`.
  if (pattern[at] === ']') return 'has an empty class ([] or [^]); use . or remove it'
  for (; at < pattern.length; at++) {
    const char = pattern[at]
    if (char === '\\') {
      if (/[DWS]/.test(pattern[at + 1] ?? ''))
        return `uses \\${pattern[at + 1]} inside […]; write the class the other way round`
      at++
      continue
    }
    if (char === ']') return at
  }
  return 'has a class that does not close'
}

const notNewline = '[^\\n\\r\\u2028\\u2029]'

/**
 * A checked pattern as PostgreSQL's advanced expressions read JavaScript's: `\b` is `\y` there,
 * `.` matches a newline there (not in JavaScript), `\d` and `\w` would take other scripts' digits
 * and letters, and `\xhh` takes as many hex digits as follow.
 */
export function postgresPattern(pattern: string): string {
  let out = ''
  let inClass = false
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] as string
    if (char === '\\') {
      const next = pattern[at + 1] ?? ''
      at++
      if (next === 'x') {
        out += `\\u00${pattern.slice(at + 1, at + 3)}`
        at += 2
      } else if (next === 'd') out += inClass ? '0-9' : '[0-9]'
      else if (next === 'w') out += inClass ? 'A-Za-z0-9_' : '[A-Za-z0-9_]'
      else if (next === 'D' && !inClass) out += '[^0-9]'
      else if (next === 'W' && !inClass) out += '[^A-Za-z0-9_]'
      else if (next === 'b' && !inClass) out += '\\y'
      else if (next === 'B' && !inClass) out += '\\Y'
      else if (next === 'b') out += '\\u0008'
      else if (next === '/') out += '/'
      else out += `\\${next}`
      continue
    }
    if (inClass) {
      if (char === ']') inClass = false
      out += char
      continue
    }
    if (char === '[') {
      inClass = true
      out += char
      if (pattern[at + 1] === '^') out += pattern[++at]
      continue
    }
    out += char === '.' ? notNewline : char
  }
  return out
}
