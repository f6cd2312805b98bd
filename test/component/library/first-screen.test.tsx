import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { useFirstScreen } from '@/features/videos/library/use-first-screen'

const videos = Array.from({ length: 24 }, (_, index) => `video ${index + 1}`)

function Shown({ seen, allAtOnce }: { seen: number[]; allAtOnce: boolean }) {
  const shown = useFirstScreen(videos, 12, allAtOnce)
  seen.push(shown.length)
  return <p>{shown.at(-1)}</p>
}

it('shows the first screen of cards, then every card, each time the library opens at its top', () => {
  for (const time of ['first', 'again']) {
    const seen: number[] = []
    const { getByText, unmount } = render(<Shown seen={seen} allAtOnce={false} />)
    expect(seen[0], time).toBe(12)
    expect(seen.at(-1), time).toBe(24)
    expect(getByText('video 24')).toBeTruthy()
    unmount()
  }
})

it('shows every card in the first render when the page comes back scrolled down', () => {
  const seen: number[] = []
  render(<Shown seen={seen} allAtOnce />)
  expect(seen.every((length) => length === 24)).toBe(true)
})
