import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { inviteQuery } from '@/api/queries/invite'
import { sessionKeys } from '@/api/queries/session'
import { roleDescriptions } from '@/api/roles'
import { Button } from '@/components/ui/button'
import { Field, Form, FormRefusal } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { type NewPasswordValues, newPasswordSchema } from '@/lib/password-rules'
import { AuthCard } from './auth-card'

// The token is in the link's fragment (#…), which the browser never sends to a server.
const tokenOf = () => decodeURIComponent(globalThis.location?.hash.slice(1) ?? '')

/** Accepting an invitation: the invited email and role, and a password of one's own. */
export function InviteScreen() {
  const token = tokenOf()
  const invite = useQuery(inviteQuery(token))
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', repeat: '' },
  })
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await dashboardApi('/auth/invites/accept', { method: 'POST', body: { token, password } })
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() })
      await navigate({ to: '/videos', replace: true })
    } catch (error) {
      form.setError('root.server', { message: toServiceError(error).message })
    }
  })

  if (!token || invite.isError) {
    return (
      <AuthCard title="This invitation cannot be used">
        <p className="text-sm text-slate-700">
          {invite.error
            ? toServiceError(invite.error).message
            : 'The link is incomplete: open the whole link you were sent.'}
        </p>
        <Link to="/sign-in" className="text-sm font-medium text-indigo-700 underline">
          Sign in with an existing account
        </Link>
      </AuthCard>
    )
  }
  if (!invite.data) return <AuthCard title="Opening your invitation…">{null}</AuthCard>
  return (
    <AuthCard title="Join Shoppable Studio">
      <p className="text-sm text-slate-700">
        You were invited as <strong>{invite.data.email}</strong>, with the role{' '}
        <strong>{invite.data.role}</strong>: {roleDescriptions[invite.data.role].toLowerCase()}.
      </p>
      <Form form={form} idPrefix="invite" onSubmit={submit} className="space-y-4">
        <Field<NewPasswordValues>
          name="password"
          label="Choose a password"
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
        <Field<NewPasswordValues> name="repeat" label="Repeat the password">
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
          busyLabel="Creating your account…"
        >
          Create my account
        </Button>
      </Form>
    </AuthCard>
  )
}
