import type { ConditionNode, RuleDefinition, RuleDryRun, RulePreview } from '../../src/api/rules.ts'
import type { Session } from './world.ts'

/** What the drafts are written with: a store, the playlist they fill, a product to tag. */
export interface Catalog {
  channelId: string
  storeId: string
  playlistId: string
  productId: string
}

type Edit = (children: ConditionNode[]) => ConditionNode[]
const add =
  (...nodes: ConditionNode[]): Edit =>
  (children) => [...children, ...nodes]
const replaceLast =
  (node: ConditionNode): Edit =>
  (children) => [...children.slice(0, -1), node]

/**
 * Five rules written condition by condition, as a merchandiser builds them in the editor: the
 * issue's summer rule, a footwear one, a broad "any" one, one of prices and dates, and one woken
 * by updates that tags a product (so the checker tries it on its matches for a loop). Each edit
 * is the whole definition as the editor then previews it.
 */
function drafts(catalog: Catalog): RuleDefinition[][] {
  const base = (
    name: string,
    trigger: RuleDefinition['trigger'],
  ): Omit<RuleDefinition, 'conditions'> => ({
    name,
    description: '',
    channel_id: catalog.channelId,
    trigger,
    actions: [{ type: 'playlist_add', playlist_id: catalog.playlistId, position: 'top' }],
    priority: 500,
  })
  const created = { type: 'video_created' } as const
  const plans: [Omit<RuleDefinition, 'conditions'>, Edit[]][] = [
    [
      base('Summer picks', created),
      [
        add({ field: 'hashtag', op: 'has', value: 'summer' }),
        add({ field: 'product_facet', facet: 'store', op: 'any_is', value: catalog.storeId }),
        add({ field: 'state', op: 'is', value: 'live' }),
        add({ field: 'access', op: 'is', value: 'public' }),
        add({ field: 'caption', op: 'contains', value: 'for summer' }),
        replaceLast({ field: 'caption', op: 'contains', value: 'summer' }),
        add({ field: 'duration', op: 'gte', value: 10 }),
        add({ group: 'none', children: [{ field: 'hashtag', op: 'has', value: 'sale' }] }),
        add({ field: 'created_at', op: 'within_days', value: 180 }),
        add({ field: 'product_price', op: 'lte', value: 100 }),
      ],
    ],
    [
      base('Footwear by Northwind', created),
      [
        add({ field: 'product_facet', facet: 'category', op: 'any_is', value: 'Footwear' }),
        add({ field: 'product_facet', facet: 'brand', op: 'any_is', value: 'Northwind' }),
        add({ field: 'product_stock', op: 'all_in' }),
        add({
          group: 'any',
          children: [
            { field: 'hashtag', op: 'has', value: 'sneakers' },
            { field: 'hashtag', op: 'has', value: 'ootd' },
          ],
        }),
        add({ field: 'caption', op: 'starts_with', value: 'Styling' }),
        replaceLast({ field: 'caption', op: 'starts_with', value: 'First look' }),
        replaceLast({ field: 'description', op: 'contains', value: 'shop the look' }),
        add({ field: 'published_at', op: 'after', value: '2025-01-01' }),
        add({ field: 'poster_count', op: 'gte', value: 1 }),
        add({ field: 'product_count', op: 'gte', value: 1 }),
      ],
    ],
    [
      base('Anything new or on sale', created),
      [
        add({ field: 'hashtag', op: 'has', value: 'newin' }),
        replaceLast({
          group: 'any',
          children: [
            { field: 'hashtag', op: 'has', value: 'newin' },
            { field: 'hashtag', op: 'has', value: 'sale' },
          ],
        }),
        add({ field: 'caption', op: 'matches', value: 'review|unboxing|restocked' }),
        replaceLast({ field: 'caption', op: 'matches', value: '(honest|first) (review|look)' }),
        add({ field: 'state', op: 'is_not', value: 'archived' }),
        add({ field: 'pending_suggestions', op: 'gte', value: 1, min_score: 50 }),
        replaceLast({ field: 'pending_suggestions', op: 'eq', value: 0, min_score: 0 }),
        add({ field: 'access', op: 'is_not', value: 'private' }),
        add({ field: 'product_facet', facet: 'category', op: 'none_is', value: 'Electronics' }),
        add({ field: 'duration', op: 'lt', value: 120 }),
      ],
    ],
    [
      base('Affordable, recent, in stock', created),
      [
        add({ field: 'product_price', op: 'lt', value: 50 }),
        add({ field: 'product_stock', op: 'all_in' }),
        replaceLast({ field: 'product_stock', op: 'any_out' }),
        add({ field: 'created_at', op: 'within_days', value: 30 }),
        replaceLast({ field: 'created_at', op: 'within_days', value: 365 }),
        add({ field: 'product_count', op: 'lte', value: 2 }),
        add({ group: 'none', children: [{ field: 'access', op: 'is', value: 'private' }] }),
        add({ field: 'product_facet', facet: 'brand', op: 'none_is', value: 'Vela' }),
        add({ field: 'published_at', op: 'before', value: '2030-01-01' }),
        add({ field: 'caption', op: 'contains', value: 'the' }),
      ],
    ],
    [
      {
        ...base('Tag the skincare routines', { type: 'video_updated' }),
        actions: [{ type: 'tag', product_ids: [catalog.productId] }],
      },
      [
        add({ field: 'hashtag', op: 'has', value: 'skincare' }),
        add({ field: 'product_facet', facet: 'category', op: 'any_is', value: 'Beauty' }),
        add({ field: 'product', op: 'lacks', value: catalog.productId }),
        add({ field: 'caption', op: 'contains', value: 'routine' }),
        replaceLast({ field: 'caption', op: 'contains', value: 'the' }),
        add({ field: 'state', op: 'is', value: 'live' }),
        add({ field: 'duration', op: 'gt', value: 5 }),
        add({ field: 'poster_count', op: 'gte', value: 0 }),
        add({ group: 'none', children: [{ field: 'hashtag', op: 'has', value: 'grwm' }] }),
        add({ field: 'access', op: 'is', value: 'public' }),
      ],
    ],
  ]
  return plans.map(([rule, edits]) => {
    let children: ConditionNode[] = []
    return edits.map((edit) => {
      children = edit(children)
      return { ...rule, conditions: { group: 'all', children } }
    })
  })
}

async function timedPost<T>(url: string, session: Session, path: string, body: unknown) {
  const started = performance.now()
  const response = await fetch(`${url}/api/dashboard/rules${path}`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as T
  const took = performance.now() - started
  if (!response.ok)
    throw new Error(`${path} was answered ${response.status}: ${JSON.stringify(answer)}`)
  return { answer, took }
}

/**
 * `edits` previews, one after another (the editor waits for each answer), cycling through the
 * drafts: each timed from sending to the whole answer read (count, list, playlists, findings).
 */
export async function previewEdits(url: string, session: Session, catalog: Catalog, edits: number) {
  const all = drafts(catalog).flatMap((steps) =>
    steps.map((definition, index) => ({
      definition,
      label: `${definition.name}, edit ${index + 1}`,
    })),
  )
  const times: number[] = []
  const matches: number[] = []
  const labelled: { label: string; ms: number }[] = []
  for (let edit = 0; edit < edits; edit++) {
    const { definition, label } = all[edit % all.length] as (typeof all)[number]
    const { answer, took } = await timedPost<RulePreview>(url, session, '/preview', {
      definition,
      rule_id: null,
    })
    times.push(took)
    matches.push(answer.matches)
    labelled.push({ label, ms: took })
  }
  const slowest = labelled
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((each) => `${each.label} (${Math.round(each.ms)} ms)`)
  return { times, matches, slowest }
}

/** The saved rule's dry run over the whole library, `runs` times, each timed. */
export async function dryRuns(url: string, session: Session, ruleId: string, runs: number) {
  const seconds: number[] = []
  let last: RuleDryRun | null = null
  for (let run = 0; run < runs; run++) {
    const { answer, took } = await timedPost<RuleDryRun>(
      url,
      session,
      `/rules/${ruleId}/dry-run`,
      {},
    )
    seconds.push(took / 1000)
    last = answer
  }
  return { seconds, last }
}
