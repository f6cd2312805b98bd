import { createRoute } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { loadNewRule, loadRule, loadRules, loadRuns } from '@/features/rules/load-rules'
import { runsSearchSchema } from '@/features/rules/rules-search'
import { NewRuleScreen, RuleScreen, RulesScreen, RunsScreen } from '@/features/rules/screens'
import { renderRoutes } from '../../support/memory-router'

// The rules' screens on a memory history, with their routes' loaders and search, as the app has
// them (src/routes/rules/), each in the main landmark the app's layout gives it.
export function renderRules(url: string) {
  return renderRoutes(url, (root) => {
    const runs = createRoute({
      getParentRoute: () => root,
      path: '/rules/runs',
      validateSearch: runsSearchSchema,
      loaderDeps: ({ search }) => ({
        rule: search.rule,
        video: search.video,
        outcome: search.outcome,
      }),
      loader: ({ context, deps }) => loadRuns(context.queryClient, deps),
      component: function RunsRoute() {
        return (
          <main>
            <RunsScreen search={runs.useSearch()} />
          </main>
        )
      },
    })
    return [
      createRoute({
        getParentRoute: () => root,
        path: '/rules/',
        loader: ({ context }) => loadRules(context.queryClient, undefined),
        component: () => (
          <main>
            <RulesScreen />
          </main>
        ),
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/rules/new',
        loader: ({ context }) => loadNewRule(context.queryClient, undefined),
        component: () => (
          <main>
            <NewRuleScreen />
          </main>
        ),
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/rules/$ruleId',
        loader: ({ context, params }) => loadRule(context.queryClient, params.ruleId),
        component: () => (
          <main>
            <RuleScreen />
          </main>
        ),
      }),
      runs,
    ]
  })
}

/** The screen's heading, once its code (loaded when first shown) has come. */
export const screenLoaded = (title: string) =>
  screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })
