import type { ConditionGroup, ConditionNode } from '@/api/rules'
import { isGroup } from '../words/rule-words'

// Each group and condition being edited carries a key of its own (`_key`), so a moved row keeps
// its inputs and focus can follow it: the form copies its values at every change, so an object's
// identity cannot serve. The rule's schema drops the key when the rule is read for saving.

type Keyed = { _key?: string }

let serial = 0
export const newKey = () => {
  serial += 1
  return `node-${serial}`
}

export const keyOf = (node: ConditionNode): string => (node as Keyed)._key ?? ''

export function withKey<T extends ConditionNode>(node: T, key = newKey()): T {
  return { ...node, _key: key }
}

/** The tree with a key on every node that has none. */
export function withKeys(group: ConditionGroup): ConditionGroup {
  const keyed = (node: ConditionNode): ConditionNode => {
    const own = keyOf(node) || newKey()
    return isGroup(node)
      ? withKey({ ...node, children: node.children.map(keyed) }, own)
      : withKey(node, own)
  }
  return keyed(group) as ConditionGroup
}
