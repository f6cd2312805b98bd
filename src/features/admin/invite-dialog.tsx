import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { adminKeys, createdInviteSchema } from '@/api/queries/admin'
import { roleDescriptions, roles } from '@/api/roles'
import { Button } from '@/components/ui/button'
import { Dialog, FormDialogFooter } from '@/components/ui/dialog'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { TextInput } from '@/components/ui/text-input'

const inviteFormSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter an email address such as sam@example.com.'),
  role: z.enum(roles),
})
type InviteValues = z.infer<typeof inviteFormSchema>

/** Invites one person; the one-time link is shown once, to copy and send them. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const [link, setLink] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const queryClient = useQueryClient()
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'editor' },
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      const invite = await dashboardApi('/auth/invites', {
        method: 'POST',
        body: values,
        schema: createdInviteSchema,
      })
      setLink(invite.link)
      void queryClient.invalidateQueries({ queryKey: adminKeys.invitations() })
    } catch (error) {
      form.setError('root.server', { message: toServiceError(error).message })
    }
  })

  if (link) {
    return (
      <Dialog
        title="Invitation ready"
        description="Send this link to the person you invited. It works once, for 7 days, and is not shown again."
        onClose={onClose}
        footer={
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="space-y-2">
          <TextInput
            readOnly
            value={link}
            aria-label="Invitation link"
            onFocus={(event) => event.target.select()}
          />
          <Button
            size="sm"
            onClick={() => navigator.clipboard.writeText(link).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </Dialog>
    )
  }
  return (
    <Dialog
      title="Invite someone"
      onClose={onClose}
      busy={form.formState.isSubmitting}
      footer={
        <FormDialogFooter
          formId="invite-form"
          submitLabel="Create invitation"
          busy={form.formState.isSubmitting}
          onCancel={onClose}
        />
      }
    >
      <Form form={form} idPrefix="invite" id="invite-form" onSubmit={submit} className="space-y-4">
        <Field<InviteValues> name="email" label="Email">
          {(a11y) => (
            <TextInput {...a11y} {...form.register('email')} type="email" autoComplete="off" />
          )}
        </Field>
        <Field<InviteValues> name="role" label="Role" hint={roleDescriptions[form.watch('role')]}>
          {(a11y) => (
            <Select {...a11y} {...form.register('role')}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FormRefusal />
      </Form>
    </Dialog>
  )
}
