import { useQueries } from '@tanstack/react-query'
import { playlistQuery } from '@/api/queries/playlists'
import type { ConditionGroup, RuleAction } from '@/api/rules'
import { useStoreTagLabels } from '@/components/product-tags/tag-picker'
import { useStoresById } from '@/components/store-select'
import { isGroup, type Names } from './rule-words'

function productIdsOf(group: ConditionGroup, actions: readonly RuleAction[]): string[] {
  const ids = new Set<string>()
  const walk = (node: ConditionGroup) => {
    for (const child of node.children) {
      if (isGroup(child)) walk(child)
      else if (child.field === 'product' && child.value) ids.add(child.value)
    }
  }
  walk(group)
  for (const action of actions)
    if (action.type === 'tag' || action.type === 'untag')
      for (const id of action.product_ids) ids.add(id)
  return [...ids]
}

/** The names of the playlists, products and stores rules name, read once and shared. */
export function useRuleNames(
  rules: readonly { conditions: ConditionGroup; actions: readonly RuleAction[] }[],
): Names {
  const playlistIds = [
    ...new Set(
      rules.flatMap((rule) =>
        rule.actions.flatMap((action) =>
          'playlist_id' in action && action.playlist_id ? [action.playlist_id] : [],
        ),
      ),
    ),
  ]
  const playlists = useQueries({ queries: playlistIds.map((id) => playlistQuery(id)) })
  const products = useStoreTagLabels({
    products: [...new Set(rules.flatMap((rule) => productIdsOf(rule.conditions, rule.actions)))],
    variants: [],
  })
  const stores = useStoresById()
  return {
    playlist: (id) => {
      const index = playlistIds.indexOf(id)
      return (
        playlists[index]?.data?.name ??
        (playlists[index]?.isError ? 'a playlist that cannot be read' : id)
      )
    },
    product: (id) => {
      const label = products.get(id)?.label
      return label && label !== 'Loading…' ? label : id
    },
    store: (id) => stores?.get(id)?.name ?? id,
  }
}
