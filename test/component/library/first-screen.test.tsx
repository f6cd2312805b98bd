import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { useFirstScreen } from '@/features/videos/library/use-first-screen'
import { arrivedThroughHistory, watchHistoryTraversals } from '@/lib/history-traversal'

const videos = Array.from({ length: 24 }, (_, index) => `video ${index + 1}`)

function Shown({ seen }: { seen: number[] }) {
  const shown = useFirstScreen(videos, 12, arrivedThroughHistory())
  seen.push(shown.length)
  return <p>{shown.at(-1)}</p>
}

function mount() {
  const seen: number[] = []
  const view = render(<Shown seen={seen} />)
  return { seen, view }
}

it('shows two rows of cards, then every card, when the library is opened by a link', () => {
  const history = createMemoryHistory({ initialEntries: ['/videos'] })
  const stop = watchHistoryTraversals(history)
  const first = mount()
  expect(first.seen[0]).toBe(12)
  expect(first.seen.at(-1)).toBe(24)
  expect(first.view.getByText('video 24')).toBeTruthy()
  first.view.unmount()

  history.push('/uploads')
  history.push('/videos')
  const again = mount()
  expect(again.seen[0]).toBe(12)
  expect(again.seen.at(-1)).toBe(24)
  again.view.unmount()
  stop()
})

it('shows every card at once when Back returns to the library, so its scroll can be restored', () => {
  const history = createMemoryHistory({ initialEntries: ['/videos', '/uploads'], initialIndex: 1 })
  const stop = watchHistoryTraversals(history)
  history.back()
  const back = mount()
  expect(back.seen.every((length) => length === 24)).toBe(true)
  back.view.unmount()
  stop()
})
