import type { QueryClient } from '@tanstack/react-query'
import { resolveChannelId } from '@/api/queries/channels'
import {
  type RunFilter,
  ruleQuery,
  rulesQuery,
  rulesSettingsQuery,
  ruleVersionsQuery,
  runsQuery,
} from '@/api/queries/rules'
import { meQuery } from '@/api/queries/session'
import { loadScreens } from './screens'

// What each rules screen waits for before it shows; the rest fills in as it comes. Loaded with the
// screens (their routes' split chunk), never with the first screen. Who is signed in decides what
// the screens let them change: asked by the root already, it is in the cache then.

const permissionsOf = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.ensureQueryData(meQuery()),
    queryClient.ensureQueryData(rulesSettingsQuery()),
  ])

export async function loadRules(queryClient: QueryClient, channel: string | undefined) {
  void loadScreens.list()
  const [channelId] = await Promise.all([
    resolveChannelId(queryClient, channel),
    permissionsOf(queryClient),
  ])
  if (channelId) await queryClient.ensureQueryData(rulesQuery(channelId))
  return { channelId: channelId ?? '' }
}

export async function loadNewRule(queryClient: QueryClient, channel: string | undefined) {
  void loadScreens.rule()
  const [channelId] = await Promise.all([
    resolveChannelId(queryClient, channel),
    permissionsOf(queryClient),
  ])
  return { channelId: channelId ?? '' }
}

export async function loadRule(queryClient: QueryClient, ruleId: string) {
  void loadScreens.rule()
  void queryClient.prefetchQuery(ruleVersionsQuery(ruleId))
  const [rule] = await Promise.all([
    queryClient.ensureQueryData(ruleQuery(ruleId)),
    permissionsOf(queryClient),
  ])
  return { channelId: rule.channel_id }
}

export async function loadRuns(
  queryClient: QueryClient,
  search: { rule?: string; video?: string; outcome?: RunFilter['outcome'] },
) {
  void loadScreens.runs()
  await Promise.all([
    queryClient.ensureInfiniteQueryData(runsQuery(runFilterOf(search))),
    permissionsOf(queryClient),
  ])
}

/** The URL's filters as the runs' API names them. */
export const runFilterOf = (search: {
  rule?: string
  video?: string
  outcome?: RunFilter['outcome']
}): RunFilter => ({ rule_id: search.rule, video_id: search.video, outcome: search.outcome })
