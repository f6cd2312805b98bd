import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { ConditionGroup, ConditionNode } from '@/api/rules'
import { GroupEditor, type TreeContext } from './condition-group'
import {
  append,
  type Move,
  moveNode,
  type NodePath,
  nodeAt,
  removeAt,
  replaceAt,
} from './condition-tree'

const moveWords: Record<Move, string> = {
  up: 'up',
  down: 'down',
  out: 'out of its group',
  into_previous: 'into the group above',
}

// Every group and condition keeps its key while it is edited or moved (a key follows the node's
// object, handed on to the copy an edit makes of it and of the groups around it), so a moved row
// keeps its inputs, and focus follows it to where it landed.
function useNodeKeys() {
  const keys = useRef(new WeakMap<ConditionNode, string>())
  const serial = useRef(0)
  const keyOfNode = useCallback((node: ConditionNode) => {
    let key = keys.current.get(node)
    if (!key) {
      serial.current += 1
      key = `n${serial.current}`
      keys.current.set(node, key)
    }
    return key
  }, [])
  /** Hands each node along `paths` (and the groups above them) its key from `before`. */
  const carry = useCallback(
    (before: ConditionGroup, after: ConditionGroup, paths: readonly NodePath[]) => {
      for (const path of paths)
        for (let depth = 0; depth <= path.length; depth++) {
          const was = nodeAt(before, path.slice(0, depth))
          const is = nodeAt(after, path.slice(0, depth))
          if (was && is && was !== is) keys.current.set(is, keyOfNode(was))
        }
    },
    [keyOfNode],
  )
  return { keyOfNode, carry }
}

/** The rule's conditions as nested All / Any / None groups, changed with buttons and menus. */
export function ConditionBuilder({
  value,
  onChange,
  errorAt,
}: {
  value: ConditionGroup
  onChange: (next: ConditionGroup) => void
  /** The schema's error for a field of the rule ("conditions.children.0.value"). */
  errorAt: (name: string) => string | undefined
}) {
  const { keyOfNode, carry } = useNodeKeys()
  const elements = useRef(new Map<string, HTMLElement>())
  const [focus, setFocus] = useState<string | null>(null)
  const [said, say] = useState('')

  useLayoutEffect(() => {
    if (!focus) return
    const element = elements.current.get(focus)
    if (element?.isConnected) {
      element.focus()
      setFocus(null)
    }
  })

  const commit = (next: ConditionGroup, paths: NodePath[], focusOn?: string) => {
    carry(value, next, paths)
    onChange(next)
    if (focusOn) setFocus(focusOn)
  }
  const keyOf = (path: NodePath) => {
    const node = nodeAt(value, path)
    return node ? keyOfNode(node) : `gone-${path.join('.')}`
  }
  const tree: TreeContext = {
    root: value,
    keyOf,
    errorAt: (path, part) =>
      errorAt(
        ['conditions', ...path.flatMap((index) => ['children', index]), part]
          .filter((each) => each !== '')
          .join('.'),
      ),
    // Copies, so that no two nodes share an object (and a key), as two added alike would.
    change: (path, node) => commit(replaceAt(value, path, { ...node }), [path]),
    add: (groupPath, start) => {
      const node = { ...start }
      const added = append(value, groupPath, node)
      commit(added.root, [groupPath], `first:${keyOfNode(node)}`)
      say('Added. Choose what it tests.')
    },
    move: (path, move) => {
      const moved = moveNode(value, path, move)
      const node = nodeAt(value, path)
      if (!moved || !node) return
      commit(moved.root, [path.slice(0, -1), moved.path.slice(0, -1)], `menu:${keyOfNode(node)}`)
      say(`Moved ${moveWords[move]}.`)
    },
    remove: (path) => {
      const parentPath = path.slice(0, -1)
      const parent = nodeAt(value, parentPath)
      const at = path[path.length - 1] ?? 0
      const siblings = parent && 'children' in parent ? parent.children : []
      const neighbour = siblings[at + 1] ?? siblings[at - 1]
      commit(
        removeAt(value, path),
        [parentPath],
        neighbour
          ? `menu:${keyOfNode(neighbour)}`
          : parent
            ? `first:${keyOfNode(parent)}`
            : undefined,
      )
      say('Removed.')
    },
    register: (part, key, element) => {
      if (element) elements.current.set(`${part}:${key}`, element)
      else elements.current.delete(`${part}:${key}`)
    },
  }
  return (
    <div className="space-y-2">
      <GroupEditor group={value} path={[]} tree={tree} />
      <p role="status" className="sr-only">
        {said}
      </p>
    </div>
  )
}
