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

  // Where a decision leaves the review: the decisions with it, and the suggestion in front next.
  const outcome = useCallback(
    (decision: Decision, index: number) => {
      const match = matches[index]
      if (!match) return null
      const next = { ...decisions, [match.id]: decision }
      return { match, next, active: nextIndex(matches, next, index, premarks) }
    },
    [matches, decisions, premarks],
  )

  const decide = useCallback(
    (decision: Decision, index = active) => {
      const result = outcome(decision, index)
      if (!result) return
      const took = clock.current?.decide(result.match.id)
      setSteps((current) => [
        ...current,
        { matchId: result.match.id, previous: decisions[result.match.id], index, took },
      ])
      change(result.next)
      setActive(result.active)
    },
    [active, decisions, outcome, change],
  )

  /** The suggestion a decision would put in front of the reviewer, before it is made. */
  const activeAfter = useCallback(
    (decision: Decision, index = active) => outcome(decision, index)?.active ?? null,
    [active, outcome],
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

  const changed = useMemo(() => Object.keys(decisions).length > 0, [decisions])
  return {
    decisions,
    active,
    setActive,
    decide,
    activeAfter,
    acceptRemaining,
    undo,
    changed,
    canUndo: steps.length > 0,
    clock: clock.current,
  }
}
