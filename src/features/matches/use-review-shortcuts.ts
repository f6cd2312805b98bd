import type { KeyMap } from '@/api/review'
import { useShortcuts } from '@/components/ui/shortcuts'
import { actionWords } from './keys/key-map'

/** What each review action does on this video. */
export interface ReviewKeyActions {
  accept: () => void
  reject: () => void
  next: () => void
  previous: () => void
  undo: () => void
  acceptRemaining: () => void
  submit: () => void
}

// The review's keys, by physical key (`KeyboardEvent.code`) from the person's key map, so they
// stay in place on any layout; the arrows also move between suggestions.
export function useReviewShortcuts(keys: KeyMap, run: ReviewKeyActions) {
  const entry = (action: keyof ReviewKeyActions, extra: string[] = []) => ({
    keys: extra,
    codes:
      action === 'submit' && keys.submit === 'Enter' ? ['Enter', 'NumpadEnter'] : [keys[action]],
    description: actionWords[action],
    onKey: () => run[action](),
  })
  useShortcuts('AI match review', [
    entry('next', ['ArrowDown']),
    entry('previous', ['ArrowUp']),
    entry('accept'),
    entry('reject'),
    entry('undo'),
    entry('acceptRemaining'),
    entry('submit'),
  ])
}
