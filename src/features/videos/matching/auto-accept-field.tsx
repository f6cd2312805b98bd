import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { CheckboxShell } from '@/components/ui/field'

/** The `auto_accept` choice of a matching job, with what it does. */
export function AutoAcceptField({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <CheckboxShell
      id={id}
      label="Accept every suggestion automatically"
      hint="When a job completes, every product it finds is accepted and tagged on its video, with no review."
    >
      {(a11y) => (
        <Checkbox
          {...a11y}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
    </CheckboxShell>
  )
}
