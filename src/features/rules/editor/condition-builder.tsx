import { useLayoutEffect, useRef, useState } from 'react'
import type { ConditionGroup } from '@/api/rules'
import { GroupEditor, type TreeContext } from './condition-group'
import { append, type Move, moveNode, nodeAt, removeAt, replaceAt } from './condition-tree'
import { keyOf, withKey } from './node-keys'

const moveWords: Record<Move, string> = {
  up: 'up',
  down: 'down',
  out: 'out of its group',
  into_previous: 'into the group above',
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

  const commit = (next: ConditionGroup, focusOn?: string) => {
    onChange(next)
    if (focusOn) setFocus(focusOn)
  }
  const tree: TreeContext = {
    root: value,
    keyOf: (path) => {
      const node = nodeAt(value, path)
      return node ? keyOf(node) : ''
    },
    errorAt: (path, part) =>
      errorAt(
        ['conditions', ...path.flatMap((index) => ['children', index]), part]
          .filter((each) => each !== '')
          .join('.'),
      ),
    // A condition given another field keeps its key: it is the same row.
    change: (path, node) => {
      const was = nodeAt(value, path)
      commit(replaceAt(value, path, withKey(node, was ? keyOf(was) : undefined)))
    },
    add: (groupPath, start) => {
      const node = withKey(start)
      const added = append(value, groupPath, node)
      commit(added.root, `first:${keyOf(node)}`)
      say('Added. Choose what it tests.')
    },
    move: (path, move) => {
      const moved = moveNode(value, path, move)
      const node = nodeAt(value, path)
      if (!moved || !node) return
      commit(moved.root, `menu:${keyOf(node)}`)
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
        neighbour ? `menu:${keyOf(neighbour)}` : parent ? `first:${keyOf(parent)}` : undefined,
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
