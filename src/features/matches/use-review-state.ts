import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ProductMatch } from '@/api/generated/types.gen'
import { loadDecisions, saveDecisions } from './decision-storage'
import { DecisionClock } from './review-clock'
import { type Decision, type Decisions, decisionOf, nextIndex, type Premarks } from './review-model'

interface Step {
  matchId: string
  previous: Decision | undefined
  index: number
  /** The decision's time before this step, put back by its undo. */
  took: number | undefined
}

// One video's review: the suggestion in front of the reviewer, their decisions (saved in this
// browser on every change), the steps to undo and the clock timing each decision. Mounted once
// per video. `matches` are the suggestions shown; pre-marked ones count as decided until changed.
export function useReviewState(
  videoId: string,
  matches: readonly ProductMatch[],
  premarks: Premarks,
) {
  const [decisions, setDecisions] = useState<Decisions>(() => loadDecisions(videoId))
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      matches.findIndex((match) => decisionOf(match, decisions, premarks) === null),
    ),
  )
  const [steps, setSteps] = useState<Step[]>([])
  const clock = useRef<DecisionClock | null>(null)
  clock.current ??= new DecisionClock()

  const activeId = matches[active]?.id
  useEffect(() => {
    if (activeId) clock.current?.activate(activeId)
  }, [activeId])

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
      const took = clock.current?.decide(match.id)
      setSteps((current) => [
        ...current,
        { matchId: match.id, previous: decisions[match.id], index, took },
      ])
      change(next)
      setActive(nextIndex(matches, next, index, premarks))
    },
    [active, matches, decisions, premarks, change],
  )

  const acceptRemaining = useCallback(() => {
    const next = { ...decisions }
    const undecided = matches.filter((match) => decisionOf(match, decisions, premarks) === null)
    for (const match of undecided) next[match.id] = 'accepted'
    setSteps((current) => [
      ...current,
      ...undecided.map((match) => ({
        matchId: match.id,
        previous: undefined,
        index: matches.indexOf(match),
        took: clock.current?.decide(match.id),
      })),
    ])
    change(next)
  }, [matches, decisions, premarks, change])

  const undo = useCallback((): Step | null => {
    const last = steps.at(-1)
    if (!last) return null
    // Shift+A is undone one suggestion at a time, newest first.
    const next = { ...decisions }
    if (last.previous) next[last.matchId] = last.previous
    else delete next[last.matchId]
    clock.current?.restore(last.matchId, last.took)
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
    clock: clock.current,
  }
}
