import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ServiceError } from '../client'
import { dashboardApi } from '../dashboard-api'
import {
  placementSchema,
  type RuleDefinition,
  ruleAppliedSchema,
  ruleDryRunSchema,
  ruleListSchema,
  rulePreviewSchema,
  ruleRunPageSchema,
  ruleRunSchema,
  ruleSavedSchema,
  ruleSchema,
  rulesSettingsSchema,
  ruleVersionListSchema,
  type runOutcomes,
} from '../rules'

// Merchandising rules (issue 37): the answers' keys, general to specific, so that saving a rule
// marks its channel's list, the rule and its versions stale at once. Checked with zod's full
// build, which only the rules' lazy pages load.

export const ruleKeys = {
  all: ['rules'] as const,
  lists: () => [...ruleKeys.all, 'list'] as const,
  list: (channelId: string) => [...ruleKeys.lists(), channelId] as const,
  rules: () => [...ruleKeys.all, 'rule'] as const,
  rule: (id: string) => [...ruleKeys.rules(), id] as const,
  versions: (id: string) => [...ruleKeys.rule(id), 'versions'] as const,
  /** What a definition matches while it is being edited. */
  previews: () => [...ruleKeys.all, 'preview'] as const,
  preview: (definition: RuleDefinition, ruleId: string | null) =>
    [...ruleKeys.previews(), ruleId, definition] as const,
  settings: () => [...ruleKeys.all, 'settings'] as const,
  /** Runs and their traces: a retry marks every list of runs and the run stale. */
  runs: () => [...ruleKeys.all, 'runs'] as const,
  runLists: () => [...ruleKeys.runs(), 'list'] as const,
  runList: (filter: RunFilter) => [...ruleKeys.runLists(), filter] as const,
  run: (id: string) => [...ruleKeys.runs(), 'run', id] as const,
  /** Why a video is in a playlist or tagged with a product; runs place videos, so under them. */
  placements: () => [...ruleKeys.runs(), 'why'] as const,
  placement: (videoId: string, target: PlacementTarget) =>
    [...ruleKeys.placements(), videoId, target] as const,
}

/** The runs' filters, as `GET /runs` and `/runs.csv` take them. */
export interface RunFilter {
  rule_id?: string
  video_id?: string
  outcome?: (typeof runOutcomes)[number] | 'running'
}

export type PlacementTarget = { playlist_id: string } | { product_id: string }

const rulesPath = (path: string) => `/api/dashboard/rules${path}`
const rulePath = (id: string, rest = '') => rulesPath(`/rules/${encodeURIComponent(id)}${rest}`)

const checked =
  <T>(schema: { parse(body: unknown): T }) =>
  (body: unknown) =>
    schema.parse(body)

/** A channel's rules, by priority then name. */
export const rulesQuery = (channelId: string) =>
  queryOptions({
    queryKey: ruleKeys.list(channelId),
    queryFn: ({ signal }) =>
      dashboardApi(rulesPath(`/rules?${new URLSearchParams({ channel_id: channelId })}`), {
        signal,
      })
        .then(checked(ruleListSchema))
        .then((body) => body.rules),
  })

export const ruleQuery = (id: string) =>
  queryOptions({
    queryKey: ruleKeys.rule(id),
    queryFn: ({ signal }) => dashboardApi(rulePath(id), { signal }).then(checked(ruleSchema)),
  })

/** Every saved state of a rule, newest first. */
export const ruleVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: ruleKeys.versions(id),
    queryFn: ({ signal }) =>
      dashboardApi(rulePath(id, '/versions'), { signal })
        .then(checked(ruleVersionListSchema))
        .then((body) => body.versions),
  })

/**
 * What `definition` matches now, who would enter and leave each playlist, and the findings
 * (`ruleId`: the saved rule being edited, which the checker does not compare with itself).
 */
export const rulePreviewQuery = (definition: RuleDefinition, ruleId: string | null = null) =>
  queryOptions({
    queryKey: ruleKeys.preview(definition, ruleId),
    queryFn: ({ signal }) =>
      dashboardApi(rulesPath('/preview'), {
        method: 'POST',
        body: { definition, rule_id: ruleId },
        signal,
      }).then(checked(rulePreviewSchema)),
    staleTime: 10_000,
  })

export const rulesSettingsQuery = () =>
  queryOptions({
    queryKey: ruleKeys.settings(),
    queryFn: ({ signal }) =>
      dashboardApi(rulesPath('/settings'), { signal }).then(checked(rulesSettingsSchema)),
  })

/** Saves a new rule (switched off); a blocking finding comes back as the error's words (422). */
export const createRule = (definition: RuleDefinition) =>
  dashboardApi(rulesPath('/rules'), { method: 'POST', body: definition }).then(
    checked(ruleSavedSchema),
  )

export const saveRule = (id: string, definition: RuleDefinition) =>
  dashboardApi(rulePath(id), { method: 'PUT', body: definition }).then(checked(ruleSavedSchema))

export const deleteRule = (id: string) => dashboardApi<null>(rulePath(id), { method: 'DELETE' })

/** One click back: a new version equal to `version`. */
export const revertRule = (id: string, version: number) =>
  dashboardApi(rulePath(id, '/revert'), { method: 'POST', body: { version } }).then(
    checked(ruleSavedSchema),
  )

/** Admins, or editors when the team's setting allows. */
export const switchRule = (id: string, enabled: boolean) =>
  dashboardApi(rulePath(id, '/enabled'), { method: 'POST', body: { enabled } }).then(
    checked(ruleSavedSchema),
  )

export const followRule = (id: string, following: boolean) =>
  dashboardApi(rulePath(id, '/follow'), { method: following ? 'POST' : 'DELETE' }).then(
    checked(ruleSchema),
  )

export const changeRulesSettings = (editorsMayEnable: boolean) =>
  dashboardApi(rulesPath('/settings'), {
    method: 'PUT',
    body: { editors_may_enable: editorsMayEnable },
  }).then(checked(rulesSettingsSchema))

/** The whole change set over the library now, without applying it. */
export const dryRunRule = (id: string) =>
  dashboardApi(rulePath(id, '/dry-run'), { method: 'POST' }).then(checked(ruleDryRunSchema))

/** Applies the change set; over 100 changes the server answers 409 unless `confirm`. */
export const applyRule = (id: string, confirm: boolean) =>
  dashboardApi(rulePath(id, '/apply'), { method: 'POST', body: { confirm } }).then(
    checked(ruleAppliedSchema),
  )

const runSearch = (filter: RunFilter, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    ...Object.fromEntries(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
    ...extra,
  })

export const runPageSize = 50

/** The runs, newest first, filtered; each page asks for the one before the last run shown. */
export const runsQuery = (filter: RunFilter, pageSize = runPageSize) =>
  infiniteQueryOptions({
    queryKey: [...ruleKeys.runList(filter), pageSize],
    queryFn: ({ pageParam, signal }) =>
      dashboardApi(
        rulesPath(
          `/runs?${runSearch(filter, { limit: String(pageSize), ...(pageParam ? { before: pageParam } : {}) })}`,
        ),
        { signal },
      ).then(checked(ruleRunPageSchema)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/** Where the runs the filter shows download as CSV, whole (the server writes every row). */
export const runsCsvPath = (filter: RunFilter) => rulesPath(`/runs.csv?${runSearch(filter)}`)

export const runQuery = (id: string) =>
  queryOptions({
    queryKey: ruleKeys.run(id),
    queryFn: ({ signal }) =>
      dashboardApi(rulesPath(`/runs/${encodeURIComponent(id)}`), { signal }).then(
        checked(ruleRunSchema),
      ),
  })

/** Tries a run's failed steps again with its original event (editors); answers the run. */
export const retryRun = (id: string) =>
  dashboardApi(rulesPath(`/runs/${encodeURIComponent(id)}/retry`), { method: 'POST' }).then(
    checked(ruleRunSchema),
  )

/** The rule and run that put a video in a playlist or tagged a product; null when none did. */
export const placementQuery = (videoId: string, target: PlacementTarget) =>
  queryOptions({
    queryKey: ruleKeys.placement(videoId, target),
    queryFn: ({ signal }) =>
      dashboardApi(rulesPath(`/why?${new URLSearchParams({ video_id: videoId, ...target })}`), {
        signal,
      })
        .then(checked(placementSchema))
        .catch((error: unknown) => {
          if (error instanceof ServiceError && error.status === 404) return null
          throw error
        }),
  })
