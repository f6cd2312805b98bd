import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { resetLinkQuery } from '@/api/queries/reset-link'
import { sessionKeys } from '@/api/queries/session'
import { Button } from '@/components/ui/button'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { formatDateTime } from '@/lib/format'
import { type NewPasswordValues, newPasswordSchema } from '@/lib/password-rules'
import { AuthCard } from './auth-card'

// The token is in the link's fragment (#…), which the browser never sends to a server.
const tokenOf = () => decodeURIComponent(globalThis.location?.hash.slice(1) ?? '')

/** Choosing a new password with the one-time link an admin made; then one is signed in. */
export function ResetPasswordScreen() {
  const token = tokenOf()
  const link = useQuery(resetLinkQuery(token))
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', repeat: '' },
  })
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await dashboardApi('/auth/reset-links/use', { method: 'POST', body: { token, password } })
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() })
      await navigate({ to: '/videos', replace: true })
    } catch (error) {
      form.setError('root.server', { message: toServiceError(error).message })
    }
  })

  if (!token || link.isError) {
    return (
      <AuthCard title="This reset link cannot be used">
        <p className="text-sm text-slate-700">
          {link.error
            ? toServiceError(link.error).message
            : 'The link is incomplete: open the whole link you were sent.'}
        </p>
        <Link to="/sign-in" className="text-sm font-medium text-indigo-700 underline">
          Sign in with your password
        </Link>
      </AuthCard>
    )
  }
  if (!link.data) return <AuthCard title="Opening your reset link…">{null}</AuthCard>
  return (
    <AuthCard title="Choose a new password">
      <p className="text-sm text-slate-700">
        A new password for <strong>{link.data.email}</strong>. This link works once, until{' '}
        {formatDateTime(link.data.expiresAt)}; your other sessions end when you use it.
      </p>
      <Form form={form} idPrefix="reset-password" onSubmit={submit} className="space-y-4">
        <input type="email" autoComplete="username" value={link.data.email} readOnly hidden />
        <Field<NewPasswordValues>
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
        <Field<NewPasswordValues> name="repeat" label="Repeat the new password">
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
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          busy={form.formState.isSubmitting}
          busyLabel="Setting your password…"
        >
          Set my new password
        </Button>
      </Form>
    </AuthCard>
  )
}
