import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { clearStorage, makeMatch, queueVideo, renderReview, showing } from './support/review'

beforeEach(clearStorage)

const world = {
  videos: [queueVideo('v1')],
  matches: {
    v1: [
      makeMatch('m1', 90, 'Aurora Runner'),
      makeMatch('m2', 70, 'Trail Sock'),
      makeMatch('m3', 50, 'Lace Kit'),
    ],
  },
}

const press = (code: string, key: string) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { code, key })
const accept = (name: string) => screen.getByRole('button', { name: new RegExp(`^Accept ${name}`) })
const reject = (name: string) => screen.getByRole('button', { name: new RegExp(`^Reject ${name}`) })

it('keeps the keyboard focus on the suggestion in front of the reviewer as the keys move it', async () => {
  renderReview(world)
  await showing('Clip v1')
  await waitFor(() => expect(accept('Aurora Runner')).toHaveFocus())

  press('KeyA', 'a')
  expect(accept('Trail Sock')).toHaveFocus()
  expect(accept('Aurora Runner')).toHaveAttribute('aria-pressed', 'true')
  press('KeyJ', 'j')
  expect(accept('Lace Kit')).toHaveFocus()
  press('KeyX', 'x')
  expect(reject('Lace Kit')).toHaveAttribute('aria-pressed', 'true')
  // The next one still undecided, back up the list.
  expect(accept('Trail Sock')).toHaveFocus()
  press('KeyK', 'k')
  expect(accept('Aurora Runner')).toHaveFocus()
  press('KeyU', 'u')
  // The undo brings back the suggestion it reopens.
  await waitFor(() => expect(accept('Lace Kit')).toHaveFocus())
  expect(reject('Lace Kit')).toHaveAttribute('aria-pressed', 'false')
})
