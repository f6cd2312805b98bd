import { beforeEach, describe, expect, it } from 'vitest'
import { loadDecisions, saveDecisions } from '@/features/matches/decision-storage'
import { clearStorage } from './support/review'

const stored = () => JSON.parse(localStorage.getItem('matches:decisions') ?? '{}')

beforeEach(clearStorage)

describe('decisions kept in this browser', () => {
  it('are read back at once, and written to the browser store after the frame', async () => {
    saveDecisions('v1', { m1: 'accepted' })
    expect(loadDecisions('v1')).toEqual({ m1: 'accepted' })
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)))
    expect(stored()).toEqual({ v1: { m1: 'accepted' } })
  })

  it('are written at once when the page is left, beside another tab’s', () => {
    localStorage.setItem('matches:decisions', JSON.stringify({ v9: { m9: 'rejected' } }))
    saveDecisions('v1', { m1: 'accepted', m2: 'rejected' })
    window.dispatchEvent(new Event('pagehide'))
    expect(stored()).toEqual({ v9: { m9: 'rejected' }, v1: { m1: 'accepted', m2: 'rejected' } })
  })

  it('drop a video once its decisions are cleared', () => {
    saveDecisions('v1', { m1: 'accepted' })
    window.dispatchEvent(new Event('pagehide'))
    saveDecisions('v1', {})
    window.dispatchEvent(new Event('pagehide'))
    expect(stored()).toEqual({})
    expect(loadDecisions('v1')).toEqual({})
  })
})
