import type { ConditionGroup, ConditionNode } from '@/api/rules'
import { isGroup } from '../words/rule-words'

// The condition tree, changed without mutating it: a node is found by its path (the indexes from
// the outer group down). Every move answers where the node went, so focus can follow it.

export type NodePath = readonly number[]

/** The rules' own limits (conditionGroupSchema): 4 groups deep, 50 tests in all. */
export const maxDepth = 4
export const maxTests = 50

export function nodeAt(root: ConditionGroup, path: NodePath): ConditionNode | undefined {
  let node: ConditionNode = root
  for (const index of path) {
    if (!isGroup(node)) return undefined
    const child: ConditionNode | undefined = node.children[index]
    if (!child) return undefined
    node = child
  }
  return node
}

/** The tree with the group at `path` changed by `change`. */
function changeGroup(
  root: ConditionGroup,
  path: NodePath,
  change: (group: ConditionGroup) => ConditionGroup,
): ConditionGroup {
  if (path.length === 0) return change(root)
  const [index, ...rest] = path as [number, ...number[]]
  return {
    ...root,
    children: root.children.map((child, i) =>
      i === index && isGroup(child) ? changeGroup(child, rest, change) : child,
    ),
  }
}

const parentOf = (path: NodePath) => path.slice(0, -1)
const lastOf = (path: NodePath) => path[path.length - 1] as number

export function replaceAt(root: ConditionGroup, path: NodePath, node: ConditionNode) {
  if (path.length === 0) return isGroup(node) ? node : root
  const at = lastOf(path)
  return changeGroup(root, parentOf(path), (group) => ({
    ...group,
    children: group.children.map((child, i) => (i === at ? node : child)),
  }))
}

export function removeAt(root: ConditionGroup, path: NodePath) {
  const at = lastOf(path)
  return changeGroup(root, parentOf(path), (group) => ({
    ...group,
    children: group.children.filter((_, i) => i !== at),
  }))
}

/** Adds `node` at the end of the group at `groupPath`; answers the tree and the node's path. */
export function append(root: ConditionGroup, groupPath: NodePath, node: ConditionNode) {
  const group = nodeAt(root, groupPath)
  const index = group && isGroup(group) ? group.children.length : 0
  return {
    root: changeGroup(root, groupPath, (each) => ({
      ...each,
      children: [...each.children, node],
    })),
    path: [...groupPath, index],
  }
}

function insertAt(root: ConditionGroup, path: NodePath, node: ConditionNode) {
  const at = lastOf(path)
  return changeGroup(root, parentOf(path), (group) => ({
    ...group,
    children: [...group.children.slice(0, at), node, ...group.children.slice(at)],
  }))
}

export type Move = 'up' | 'down' | 'out' | 'into_previous'

/** Where `move` would take the node at `path`, or null when it cannot go there. */
export function moveTarget(root: ConditionGroup, path: NodePath, move: Move): NodePath | null {
  if (path.length === 0) return null
  const parent = nodeAt(root, parentOf(path))
  if (!parent || !isGroup(parent)) return null
  const at = lastOf(path)
  switch (move) {
    case 'up':
      return at > 0 ? [...parentOf(path), at - 1] : null
    case 'down':
      return at < parent.children.length - 1 ? [...parentOf(path), at + 1] : null
    case 'out':
      // Just after the group it leaves.
      return path.length >= 2 ? [...parentOf(parentOf(path)), lastOf(parentOf(path)) + 1] : null
    case 'into_previous': {
      const previous = parent.children[at - 1]
      if (!previous || !isGroup(previous)) return null
      // The root is the first level: a node at `path` has path.length groups around it.
      const moved = nodeAt(root, path)
      if (moved && path.length + 1 + depthOf(moved) > maxDepth) return null
      return [...parentOf(path), at - 1, previous.children.length]
    }
  }
}

/** The tree after `move`, and the node's new path; null when the move is not possible. */
export function moveNode(root: ConditionGroup, path: NodePath, move: Move) {
  const target = moveTarget(root, path, move)
  const node = nodeAt(root, path)
  if (!target || !node) return null
  // Taking the node out first shifts no target: up and down are indexes of the shortened group,
  // the group before it comes earlier, and leaving puts it in an outer group.
  return { root: insertAt(removeAt(root, path), target, node), path: target }
}

/** How many groups deep a node reaches (a test is 0, a group of tests 1). */
export function depthOf(node: ConditionNode): number {
  if (!isGroup(node)) return 0
  return 1 + Math.max(0, ...node.children.map(depthOf))
}

export function testCount(node: ConditionNode): number {
  if (!isGroup(node)) return 1
  return node.children.reduce((sum, child) => sum + testCount(child), 0)
}

/** A stable key for a node's React row: its path. */
export const pathKey = (path: NodePath) => path.join('.')
