import { useState } from 'react'
import { get, useController, useForm, useFormState } from 'react-hook-form'
import type { ConditionGroup, RuleDefinition, RuleFinding, RuleSaved } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { LeaveGuard } from '@/components/leave-guard'
import { Button } from '@/components/ui/button'
import { Form, FormRefusal } from '@/components/ui/field'
import { Panel } from '@/components/ui/panel'
import { ActionList } from './action-list'
import { ConditionBuilder } from './condition-builder'
import { EditLock } from './edit-lock'
import { FindingsList } from './findings-list'
import { PreviewPanel } from './preview-panel'
import { RuleDetails } from './rule-details'
import { type RuleFormValues, ruleResolver } from './rule-form-values'
import { useRulePreview } from './use-rule-preview'

// The rule as a form: details, conditions, actions, and beside them what it matches now. Saving
// checks the rule's schema here, then the checker's blocking findings, then the server; a refused
// save keeps everything typed and says why.
export function RuleForm({
  ruleId,
  initial,
  channelId,
  lock,
  onSave,
}: {
  /** The saved rule being edited (the checker does not compare it with itself), or null. */
  ruleId: string | null
  initial: RuleFormValues
  channelId: string
  /** Why this person cannot change the rule (a viewer); the form is read-only then. */
  lock: string | undefined
  /** Saves; answers the saved rule and what the checker found that did not stop it. */
  onSave: (definition: RuleDefinition) => Promise<RuleSaved>
}) {
  const form = useForm<RuleFormValues, unknown, RuleDefinition>({
    resolver: ruleResolver,
    defaultValues: initial,
  })
  const preview = useRulePreview(form.control, ruleId)
  const [findings, setFindings] = useState<RuleFinding[] | null>(null)
  const submit = form.handleSubmit(async (definition) => {
    setFindings(null)
    const blocking = (await preview.findingsFor(form.getValues())).find(
      (finding) => finding.blocking,
    )
    if (blocking) {
      form.setError('root.server', { message: `Not saved: ${blocking.message}` })
      return
    }
    try {
      const answer = await onSave(definition)
      form.reset(form.getValues())
      setFindings(answer.findings)
    } catch (error) {
      form.setError('root.server', { message: `Not saved: ${describeError(error).detail}` })
    }
  })
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState
  return (
    <EditLock reason={lock}>
      <LeaveGuard when={isDirty && !lock} message="Your changes to this rule are not saved yet." />
      <Form form={form} idPrefix="rule" onSubmit={submit} aria-label="Rule" className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
          <div className="min-w-0 space-y-4">
            <Panel title="About the rule">
              <RuleDetails />
            </Panel>
            <Panel title="Conditions">
              <Conditions />
            </Panel>
            <Panel title="Actions">
              <ActionList channelId={channelId} />
            </Panel>
            <FormRefusal />
            {findings ? <FindingsList findings={findings} /> : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                variant="primary"
                busy={isSubmitting}
                busyLabel="Saving…"
                unavailableReason={lock}
              >
                Save rule
              </Button>
              <p role="status" className="text-sm text-slate-700">
                {isDirty ? 'Unsaved changes.' : isSubmitSuccessful ? 'Saved.' : ''}
              </p>
            </div>
          </div>
          <aside aria-label="Preview" className="lg:sticky lg:top-4 lg:self-start">
            <PreviewPanel state={preview} />
          </aside>
        </div>
      </Form>
    </EditLock>
  )
}

function Conditions() {
  const { field } = useController<RuleFormValues, 'conditions'>({ name: 'conditions' })
  const { errors } = useFormState<RuleFormValues>({ name: 'conditions' })
  return (
    <ConditionBuilder
      value={field.value as ConditionGroup}
      onChange={field.onChange}
      errorAt={(name) => (get(errors, name) as { message?: string } | undefined)?.message}
    />
  )
}
