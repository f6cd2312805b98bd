/**
 * Two rules of the engine that need no service: a run's outcome never says success for a failure,
 * and an order a rule writes keeps every pinned video at its index.
 */
import { describe, expect, it } from 'vitest'
import { outcomeOf } from '../../../server/dashboard/rules/run-outcome.ts'
import { orderKeepingPins } from '../../../server/dashboard/rules/steps-playlist.ts'

describe("a run's outcome", () => {
  it('is failed or partly failed whenever a step failed, never applied', () => {
    expect(outcomeOf(['applied', 'failed'])).toBe('partly_failed')
    expect(outcomeOf(['failed', 'skipped'])).toBe('failed')
    expect(outcomeOf(['failed'])).toBe('failed')
    expect(outcomeOf(['applied', 'skipped'])).toBe('applied')
    expect(outcomeOf(['skipped', 'skipped'])).toBe('skipped')
    expect(outcomeOf([])).toBe('no_match')
  })
})

describe('an order written around pins', () => {
  const pinned = new Set(['P', 'Q'])

  it('puts a video added at the top below a pin at the top, every pin where it was', () => {
    expect(orderKeepingPins(['P', 'a', 'Q', 'b'], pinned, { insert: 'x', at: 0 })).toEqual([
      'P',
      'x',
      'Q',
      'a',
      'b',
    ])
  })

  it('fills a removed video’s place from after it, every pin where it was', () => {
    expect(orderKeepingPins(['a', 'b', 'P', 'c'], pinned, { remove: 'a' })).toEqual(['b', 'c', 'P'])
  })

  it('refuses a removal that would move a pin at the very end', () => {
    expect(orderKeepingPins(['a', 'P'], pinned, { remove: 'a' })).toBeNull()
  })
})
