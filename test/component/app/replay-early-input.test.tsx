import { render } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, expect, it } from 'vitest'
import { holdEarlyInput } from '@/app/replay-early-input'
import { HydrationDone } from '@/lib/hydration'

let release = () => {}
afterEach(() => release())

// Stands for a screen whose handlers arrive with hydration: what it saw, in order.
function Screen({ seen }: { seen: string[] }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => seen.push(`key ${event.key}`)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
    }
  }, [seen])
  return null
}

const press = (target: EventTarget, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

it('sends keys held before hydration again once the page is hydrated, in order', async () => {
  const early = holdEarlyInput()
  release = early.drop
  press(document.body, '/')
  press(document.body, 'j')
  early.replayAfterHydration()

  const seen: string[] = []
  render(
    <>
      <Screen seen={seen} />
      <HydrationDone />
    </>,
  )

  await expect.poll(() => seen).toEqual(['key /', 'key j'])
  press(document.body, 'k')
  expect(seen).toEqual(['key /', 'key j', 'key k'])
})

// Stands for the shell, whose handlers are live from the first commit, before the page is idle.
function PaletteKey({ seen }: { seen: string[] }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'k' && event.ctrlKey) {
        event.preventDefault()
        seen.push('palette toggled')
      } else seen.push(`key ${event.key}`)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [seen])
  return null
}

it('does not send a key again that a live handler took before the page was idle', async () => {
  const early = holdEarlyInput()
  release = early.drop
  early.replayAfterHydration()
  const seen: string[] = []
  render(
    <>
      <PaletteKey seen={seen} />
      <HydrationDone />
    </>,
  )
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }),
  )
  // Nothing takes `j` here: it is sent again once the page is idle, which tells the replay ran.
  press(document.body, 'j')
  await expect.poll(() => seen).toEqual(['palette toggled', 'key j', 'key j'])
})
