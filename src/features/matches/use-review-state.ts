import { useCallback, useMemo, useState } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { loadDecisions, saveDecisions } from './decision-storage'
import { type Decision, type Decisions, decisionOf, nextIndex } from './review-model'

interface Step {
  matchId: string
  previous: Decision | undefined
  index: number
}

// One video's review: the suggestion in front of the reviewer, their decisions (saved in this
// browser on every change) and the steps to undo. Mounted once per video.
export function useReviewState(videoId: string, matches: readonly ProductMatch[]) {
  const [decisions, setDecisions] = useState<Decisions>(() => loadDecisions(videoId))
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      matches.findIndex((match) => decisionOf(match, decisions) === null),
    ),
  )
  const [steps, setSteps] = useState<Step[]>([])

  const change = useCallback(
    (next: Decisions) => {
      setDecisions(next)
      saveDecisions(videoId, next)
    },
    [videoId],
  )

  const decide = useCallback(
    (decision: Decision, index = active) => {
      const match = matches[index]
      if (!match) return
      const next = { ...decisions, [match.id]: decision }
      setSteps((current) => [
        ...current,
        { matchId: match.id, previous: decisions[match.id], index },
      ])
      change(next)
      setActive(nextIndex(matches, next, index))
    },
    [active, matches, decisions, change],
  )

  const acceptRemaining = useCallback(() => {
    const next = { ...decisions }
    const undecided = matches.filter((match) => decisionOf(match, decisions) === null)
    for (const match of undecided) next[match.id] = 'accepted'
    setSteps((current) => [
      ...current,
      ...undecided.map((match) => ({
        matchId: match.id,
        previous: undefined,
        index: matches.indexOf(match),
      })),
    ])
    change(next)
  }, [matches, decisions, change])

  const undo = useCallback((): Step | null => {
    const last = steps.at(-1)
    if (!last) return null
    // Shift+A is undone one suggestion at a time, newest first.
    const next = { ...decisions }
    if (last.previous) next[last.matchId] = last.previous
    else delete next[last.matchId]
    setSteps(steps.slice(0, -1))
    change(next)
    setActive(last.index)
    return last
  }, [steps, decisions, change])

  const move = useCallback(
    (by: number) => setActive((index) => Math.min(Math.max(index + by, 0), matches.length - 1)),
    [matches.length],
  )

  const changed = useMemo(() => Object.keys(decisions).length > 0, [decisions])
  return {
    decisions,
    active,
    setActive,
    decide,
    acceptRemaining,
    undo,
    move,
    changed,
    canUndo: steps.length > 0,
  }
}
