import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { type ChangePasswordValues, changePasswordSchema } from '@/lib/password-rules'
import { Dialog, FormDialogFooter } from './ui/dialog'
import { Field, Form, FormRefusal } from './ui/field'
import { TextInput } from './ui/text-input'
import { useToast } from './ui/toast'

/** One's own new password; the current one proves it is really them. Other devices sign out. */
export function ChangePasswordDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const toast = useToast()
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', repeat: '' },
  })
  const busy = form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await dashboardApi('/auth/password', {
        method: 'POST',
        body: { currentPassword, newPassword: password },
      })
      toast('Your password is changed. Your other devices are signed out.', { tone: 'success' })
      onClose()
    } catch (error) {
      form.setError('root.server', { message: toServiceError(error).message })
    }
  })
  return (
    <Dialog
      title="Change your password"
      onClose={onClose}
      busy={busy}
      footer={
        <FormDialogFooter
          formId="change-password-form"
          submitLabel="Change password"
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <Form
        form={form}
        idPrefix="change-password"
        id="change-password-form"
        onSubmit={submit}
        className="space-y-4"
      >
        {/* For password managers: whose password this is. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <Field<ChangePasswordValues> name="currentPassword" label="Current password">
          {(a11y) => (
            <TextInput
              {...a11y}
              {...form.register('currentPassword')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </Field>
        <Field<ChangePasswordValues>
          name="password"
          label="New password"
          hint="At least 12 characters"
        >
          {(a11y) => (
            <TextInput
              {...a11y}
              {...form.register('password')}
              type="password"
              autoComplete="new-password"
            />
          )}
        </Field>
        <Field<ChangePasswordValues> name="repeat" label="Repeat the new password">
          {(a11y) => (
            <TextInput
              {...a11y}
              {...form.register('repeat')}
              type="password"
              autoComplete="new-password"
            />
          )}
        </Field>
        <FormRefusal />
      </Form>
    </Dialog>
  )
}
