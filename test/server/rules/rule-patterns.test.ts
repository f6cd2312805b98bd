/**
 * A rule's `matches` takes a regular expression only if it runs in time and means the same on
 * both databases: at most 200 characters, no back-references, no repeated group that repeats
 * something itself; PostgreSQL gets JavaScript's reading.
 */
import { describe, expect, it } from 'vitest'
import { patternProblem, postgresPattern } from '../../../server/dashboard/rules/rule-patterns.ts'

describe('a rule’s regular expression', () => {
  it('is refused, with the reason, when it could run for ever or cannot be read', () => {
    const refused: Array<[string, string]> = [
      ['a'.repeat(201), 'is 201 characters long; at most 200 are allowed'],
      ['(sum)mer \\1', 'uses a back-reference'],
      ['(?<s>sum)\\k<s>', 'uses a named group'],
      ['(a+)+b', 'repeats a group that repeats something itself'],
      ['(?:a*b?)*', 'repeats a group that repeats something itself'],
      ['((ab)+){2,}', 'repeats a group that repeats something itself'],
      ['(unclosed', 'is not a regular expression'],
      ['a{,3}', 'is not a regular expression'],
      ['[]', 'has an empty class'],
      ['[^\\W]', 'inside […]'],
      ['\\p{L}', 'uses a Unicode property'],
    ]
    for (const [pattern, reason] of refused)
      expect(patternProblem(pattern), pattern).toContain(reason)
  })

  it('is taken when it only looks complex', () => {
    for (const pattern of [
      'a'.repeat(200),
      '(hike|trail)s?',
      '(?:sale|deal)+',
      '(a+)?',
      '(ab){2}',
      '\\bsummer\\b',
      '[a-z]+\\d{2,4}',
      'caf(?=é)',
      '(?<!un)tagged',
    ])
      expect(patternProblem(pattern), pattern).toBeNull()
  })

  it('reads on PostgreSQL as JavaScript reads it', () => {
    expect(postgresPattern('\\bsale\\b')).toBe('\\ysale\\y')
    expect(postgresPattern('a.b')).toBe('a[^\\n\\r\\u2028\\u2029]b')
    expect(postgresPattern('[.]\\d')).toBe('[.][0-9]')
    expect(postgresPattern('[\\w-]\\W')).toBe('[A-Za-z0-9_-][^A-Za-z0-9_]')
    expect(postgresPattern('\\x41\\/')).toBe('\\u0041/')
  })
})
