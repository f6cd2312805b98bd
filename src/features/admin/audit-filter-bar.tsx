import { useState } from 'react'
import type { AuditFilters } from '@/api/queries/admin'
import { Button } from '@/components/ui/button'
import { FieldShell } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'

/** The audit log's filters; applied together on submit, so typing an email asks nothing yet. */
export function AuditFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters
  onChange: (filters: AuditFilters) => void
}) {
  const [draft, setDraft] = useState(filters)
  const set = (name: keyof AuditFilters, value: string) =>
    setDraft((previous) => ({ ...previous, [name]: value || undefined }))
  return (
    <form
      aria-label="Filter the audit log"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        onChange(draft)
      }}
    >
      <FieldShell id="audit-account" label="Who (email)">
        {(a11y) => (
          <TextInput
            {...a11y}
            type="email"
            value={draft.account ?? ''}
            onChange={(event) => set('account', event.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell id="audit-operation" label="Operation">
        {(a11y) => (
          <TextInput
            {...a11y}
            placeholder="updateVideo"
            value={draft.operation ?? ''}
            onChange={(event) => set('operation', event.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell id="audit-outcome" label="Result">
        {(a11y) => (
          <Select
            {...a11y}
            value={draft.outcome ?? ''}
            onChange={(event) => set('outcome', event.target.value)}
          >
            <option value="">Any</option>
            <option value="success">Succeeded</option>
            <option value="failure">Failed</option>
          </Select>
        )}
      </FieldShell>
      <FieldShell id="audit-from" label="From (day)">
        {(a11y) => (
          <TextInput
            {...a11y}
            type="date"
            value={draft.from ?? ''}
            onChange={(event) => set('from', event.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell id="audit-to" label="To (day)">
        {(a11y) => (
          <TextInput
            {...a11y}
            type="date"
            value={draft.to ?? ''}
            onChange={(event) => set('to', event.target.value)}
          />
        )}
      </FieldShell>
      <Button type="submit" variant="primary">
        Apply filters
      </Button>
      <Button
        onClick={() => {
          setDraft({})
          onChange({})
        }}
      >
        Clear
      </Button>
    </form>
  )
}
