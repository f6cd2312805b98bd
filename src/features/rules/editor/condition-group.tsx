import type { Condition, ConditionGroup } from '@/api/rules'
import { Button } from '@/components/ui/button'
import { FieldShell } from '@/components/ui/field'
import { groupWords, isGroup } from '../words/rule-words'
import { type ConditionKind, conditionKinds, kindGroups, kindOf } from './condition-catalog'
import { type Move, maxDepth, maxTests, type NodePath, pathKey, testCount } from './condition-tree'
import { ConditionValue } from './condition-value'
import { useLockReason } from './edit-lock'
import { LockedSelect } from './locked-inputs'
import { NodeMenu } from './node-menu'

/** What the builder gives every group and condition: the tree's changes, its errors, focus. */
export interface TreeContext {
  root: ConditionGroup
  keyOf: (path: NodePath) => string
  /** The error the rule's schema gives a part of the node at `path` ('' for the node itself). */
  errorAt: (path: NodePath, part: string) => string | undefined
  change: (path: NodePath, node: Condition | ConditionGroup) => void
  add: (groupPath: NodePath, node: Condition | ConditionGroup) => void
  move: (path: NodePath, move: Move) => void
  remove: (path: NodePath) => void
  /** Registers a node's menu button (after a move) and first control (once added) for focus. */
  register: (part: 'menu' | 'first', key: string, element: HTMLElement | null) => void
}

const numberOf = (path: NodePath) => path.map((index) => index + 1).join('.')

// One All / Any / None group: how its children combine, each child (a test or a group within),
// and the buttons that add to it.
export function GroupEditor({
  group,
  path,
  tree,
}: {
  group: ConditionGroup
  path: NodePath
  tree: TreeContext
}) {
  const lock = useLockReason()
  const id = `rule-group-${pathKey(path) || 'root'}`
  const name = path.length === 0 ? 'the conditions' : `group ${numberOf(path)}`
  const full = testCount(tree.root) >= maxTests
  const deepest = path.length + 1 >= maxDepth
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {path.length === 0 ? 'Conditions' : `Group ${numberOf(path)}`}
      </legend>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <FieldShell id={`${id}-match`} label="A video matches when" className="min-w-48">
          {(a11y) => (
            <LockedSelect
              a11y={a11y}
              selectRef={(element) => tree.register('first', tree.keyOf(path), element)}
              value={group.group}
              ops={(['all', 'any', 'none'] as const).map((kind) => [kind, groupWords[kind]])}
              onChange={(kind) =>
                tree.change(path, { ...group, group: kind as ConditionGroup['group'] })
              }
            />
          )}
        </FieldShell>
        {path.length > 0 ? (
          <NodeMenu
            root={tree.root}
            path={path}
            name={name}
            triggerRef={(element) => tree.register('menu', tree.keyOf(path), element)}
            onMove={(move) => tree.move(path, move)}
            onRemove={() => tree.remove(path)}
          />
        ) : null}
      </div>
      {group.children.length === 0 ? (
        <p className="text-sm text-slate-700">
          {path.length === 0
            ? 'No conditions: every video of the channel matches.'
            : 'An empty group: add a condition to it, or remove it.'}
        </p>
      ) : (
        <ol className="space-y-3">
          {group.children.map((child, index) => {
            const childPath = [...path, index]
            return (
              <li key={tree.keyOf(childPath)}>
                {isGroup(child) ? (
                  <GroupEditor group={child} path={childPath} tree={tree} />
                ) : (
                  <ConditionRow condition={child} path={childPath} tree={tree} />
                )}
              </li>
            )
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          unavailableReason={lock}
          disabled={full}
          onClick={() => tree.add(path, conditionKinds.hashtag.start)}
        >
          Add condition<span className="sr-only"> to {name}</span>
        </Button>
        <Button
          size="sm"
          unavailableReason={lock}
          disabled={deepest}
          onClick={() => tree.add(path, { group: 'any', children: [] })}
        >
          Add group<span className="sr-only"> to {name}</span>
        </Button>
        {full || deepest ? (
          <span className="text-xs text-slate-700">
            {full
              ? `A rule takes at most ${maxTests} conditions.`
              : `Groups nest at most ${maxDepth} deep.`}
          </span>
        ) : null}
      </div>
      {tree.errorAt(path, 'children') ? (
        <p className="text-sm font-medium text-red-800">{tree.errorAt(path, 'children')}</p>
      ) : null}
    </fieldset>
  )
}

function ConditionRow({
  condition,
  path,
  tree,
}: {
  condition: Condition
  path: NodePath
  tree: TreeContext
}) {
  const id = `rule-condition-${pathKey(path)}`
  const name = `condition ${numberOf(path)}`
  return (
    <fieldset className="flex flex-wrap items-start gap-2 rounded-md bg-slate-50 p-2">
      <legend className="sr-only">Condition {numberOf(path)}</legend>
      <FieldShell id={`${id}-field`} label="Field" className="min-w-52">
        {(a11y) => (
          <KindSelect
            a11y={a11y}
            selectRef={(element) => tree.register('first', tree.keyOf(path), element)}
            value={kindOf(condition)}
            onChange={(kind) => tree.change(path, conditionKinds[kind].start)}
          />
        )}
      </FieldShell>
      <div className="min-w-0 flex-1">
        <ConditionValue
          id={id}
          condition={condition}
          onChange={(next) => tree.change(path, next)}
          errorOf={(part) => tree.errorAt(path, part)}
        />
      </div>
      <NodeMenu
        root={tree.root}
        path={path}
        name={name}
        triggerRef={(element) => tree.register('menu', tree.keyOf(path), element)}
        onMove={(move) => tree.move(path, move)}
        onRemove={() => tree.remove(path)}
      />
    </fieldset>
  )
}

function KindSelect({
  a11y,
  selectRef,
  value,
  onChange,
}: {
  a11y: Parameters<typeof LockedSelect>[0]['a11y']
  selectRef: (element: HTMLSelectElement | null) => void
  value: ConditionKind
  onChange: (kind: ConditionKind) => void
}) {
  const kinds = Object.entries(conditionKinds) as [
    ConditionKind,
    (typeof conditionKinds)[ConditionKind],
  ][]
  return (
    <LockedSelect
      a11y={a11y}
      selectRef={selectRef}
      value={value}
      groups={kindGroups.map((label) => ({
        label,
        ops: kinds
          .filter(([, entry]) => entry.group === label)
          .map(([kind, entry]) => [kind, entry.label]),
      }))}
      onChange={(kind) => onChange(kind as ConditionKind)}
    />
  )
}
