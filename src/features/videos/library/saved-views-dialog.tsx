import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { savedViewKeys, savedViewsQuery } from '@/api/queries/saved-views'
import { changeView, deleteView, savedViewNameMax, saveView } from '@/api/saved-view-writes'
import type { SavedView, SavedViewSearch } from '@/api/saved-views'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, FormDialogFooter } from '@/components/ui/dialog'
import { CheckboxField, Field, Form } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { useToast } from '@/components/ui/toast'

const formSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the view a name.')
    .max(savedViewNameMax, `At most ${savedViewNameMax} characters.`),
  shared: z.boolean(),
})
type SaveViewValues = z.infer<typeof formSchema>

/**
 * Saves the library's search, filters and view under a name, for oneself or the whole team, and
 * lists one's views to share, stop sharing or delete. A refusal (a name already taken) is shown in
 * the dialog and what was typed stays.
 */
export function SavedViewsDialog({
  search,
  isAdmin,
  onClose,
}: {
  search: SavedViewSearch
  isAdmin: boolean
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const form = useForm<SaveViewValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', shared: false },
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const refreshList = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all })
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const saved = await saveView({ ...values, search })
      await refreshList()
      toast(`Saved the view “${saved.name}”${saved.shared ? ', shared with the team' : ''}.`, {
        tone: 'success',
      })
      onClose()
    } catch (error) {
      setRefusal(describeError(error).detail)
    }
  })
  return (
    <Dialog
      title="Save this view"
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
      footer={
        <FormDialogFooter
          formId="saved-view-form"
          submitLabel="Save view"
          busy={form.formState.isSubmitting}
          onCancel={onClose}
        />
      }
    >
      <Form
        form={form}
        idPrefix="saved-view"
        id="saved-view-form"
        onSubmit={submit}
        className="space-y-4"
      >
        <Field<SaveViewValues>
          name="name"
          label="Name"
          hint="The search, filters, products and view of the library as they are now."
        >
          {(a11y) => <TextInput {...a11y} {...form.register('name')} autoComplete="off" />}
        </Field>
        <CheckboxField<SaveViewValues>
          name="shared"
          label="Share with the team"
          hint="Everyone signed in sees it in their sidebar; otherwise only you do."
        >
          {(a11y) => <Checkbox {...a11y} {...form.register('shared')} />}
        </CheckboxField>
        {refusal ? (
          <Callout tone="danger" role="alert">
            Not saved: {refusal}
          </Callout>
        ) : null}
      </Form>
      <ManageViews isAdmin={isAdmin} onChanged={refreshList} />
    </Dialog>
  )
}

/** The views one may change: one's own, and (for admins) the team's shared ones. */
function ManageViews({ isAdmin, onChanged }: { isAdmin: boolean; onChanged: () => unknown }) {
  const { data: views = [] } = useQuery(savedViewsQuery())
  const toast = useToast()
  const [busy, setBusy] = useState<string | null>(null)
  const mine = views.filter((view) => view.mine || (isAdmin && view.shared))
  if (mine.length === 0) return null
  const act = async (view: SavedView, action: () => Promise<unknown>, done: string) => {
    setBusy(view.id)
    try {
      await action()
      await onChanged()
      toast(done, { tone: 'success' })
    } catch (error) {
      toast(`“${view.name}”: ${describeError(error).detail}`, { tone: 'danger' })
    } finally {
      setBusy(null)
    }
  }
  return (
    <section aria-labelledby="manage-views" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="manage-views" className="text-sm font-semibold text-slate-900">
        Views you can change
      </h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {mine.map((view) => (
          <li key={view.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span className="min-w-0 flex-1 truncate">
              {view.name}
              <span className="text-slate-700">
                {view.shared ? ' · shared' : ' · only you'}
                {view.mine ? '' : ` · by ${view.owner}`}
              </span>
            </span>
            {view.mine ? (
              <Button
                size="sm"
                variant="quiet"
                busy={busy === view.id}
                aria-label={`${view.shared ? 'Stop sharing' : 'Share'} ${view.name}`}
                onClick={() =>
                  act(
                    view,
                    () => changeView(view.id, { shared: !view.shared }),
                    view.shared ? `“${view.name}” is yours alone now.` : `Shared “${view.name}”.`,
                  )
                }
              >
                {view.shared ? 'Stop sharing' : 'Share'}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="quiet"
              busy={busy === view.id}
              aria-label={`Delete ${view.name}`}
              onClick={() => act(view, () => deleteView(view.id), `Deleted “${view.name}”.`)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
