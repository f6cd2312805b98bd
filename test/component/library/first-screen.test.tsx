import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { useFirstScreen } from '@/features/videos/library/use-first-screen'

const videos = Array.from({ length: 24 }, (_, index) => `video ${index + 1}`)

function Shown({ seen }: { seen: number[] }) {
  const shown = useFirstScreen(videos, 12)
  seen.push(shown.length)
  return <p>{shown.at(-1)}</p>
}

it('shows the first screen of cards, then every card, the first time only', () => {
  const first: number[] = []
  const { getByText, unmount } = render(<Shown seen={first} />)
  expect(first[0]).toBe(12)
  expect(first.at(-1)).toBe(24)
  expect(getByText('video 24')).toBeTruthy()
  unmount()

  const again: number[] = []
  render(<Shown seen={again} />)
  expect(again.every((length) => length === 24)).toBe(true)
})
