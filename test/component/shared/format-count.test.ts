import { describe, expect, it } from 'vitest'
import { formatCount, formatVideoCount } from '@/lib/format'

describe('formatCount', () => {
  it('groups thousands with commas, as the English words around it', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
    expect(formatCount(100000)).toBe('100,000')
    expect(formatCount(1234567)).toBe('1,234,567')
  })

  it('keeps the sign of a negative count and rounds a fraction', () => {
    expect(formatCount(-12345)).toBe('-12,345')
    expect(formatCount(1999.6)).toBe('2,000')
  })

  it('names one video and many videos', () => {
    expect(formatVideoCount(1)).toBe('1 video')
    expect(formatVideoCount(24000)).toBe('24,000 videos')
  })
})
