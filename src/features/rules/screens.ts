import { lazy } from 'react'

// The rules' screens, each loaded when its route renders (its loader starts the load): the
// routes' own chunks stay a few lines, so the first screen's script names none of the rules'
// code (issue 20's budget counts every chunk it lists).

export const loadScreens = {
  list: () => import('./list/rules-screen'),
  rule: () => import('./editor/rule-screen'),
  runs: () => import('./runs/runs-screen'),
}

export const RulesScreen = lazy(() =>
  loadScreens.list().then((module) => ({ default: module.RulesScreen })),
)
export const NewRuleScreen = lazy(() =>
  loadScreens.rule().then((module) => ({ default: module.NewRuleScreen })),
)
export const RuleScreen = lazy(() =>
  loadScreens.rule().then((module) => ({ default: module.RuleScreen })),
)
export const RunsScreen = lazy(() =>
  loadScreens.runs().then((module) => ({ default: module.RunsScreen })),
)
