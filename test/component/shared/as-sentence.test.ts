import { describe, expect, it } from 'vitest'
import { asSentence } from '@/lib/format'

describe('asSentence', () => {
  it('ends a message with a full stop unless it already ends a sentence', () => {
    expect(asSentence('Editors can review AI matches')).toBe('Editors can review AI matches.')
    expect(asSentence('Try later. ')).toBe('Try later.')
    expect(asSentence('Really?')).toBe('Really?')
  })
})
