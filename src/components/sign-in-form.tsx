import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { sessionKeys } from '@/api/queries/session'
import { setSessionEnded } from '@/lib/session-ended'
import { Button } from './ui/button'
import { Field, Form, FormRefusal } from './ui/field'
import { TextInput } from './ui/text-input'

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.'),
  password: z.string().min(1, 'Enter your password.'),
})
type SignInValues = z.infer<typeof signInSchema>

/**
 * Email and password; on success the session query is refreshed and `onSignedIn` runs. A refusal
 * (wrong password, too many tries) is shown above the button and the email stays typed.
 */
export function SignInForm({ onSignedIn, email = '' }: { onSignedIn: () => void; email?: string }) {
  const queryClient = useQueryClient()
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      await dashboardApi('/auth/sign-in', { method: 'POST', body: values })
      setSessionEnded(false)
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
      onSignedIn()
    } catch (error) {
      form.resetField('password')
      form.setError('root.server', { message: toServiceError(error).message })
    }
  })
  return (
    <Form form={form} idPrefix="sign-in" onSubmit={submit} className="space-y-4">
      <Field<SignInValues> name="email" label="Email">
        {(a11y) => (
          <TextInput {...a11y} {...form.register('email')} type="email" autoComplete="username" />
        )}
      </Field>
      <Field<SignInValues> name="password" label="Password">
        {(a11y) => (
          <TextInput
            {...a11y}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      <FormRefusal />
      <Button
        type="submit"
        variant="primary"
        className="w-full"
        busy={form.formState.isSubmitting}
        busyLabel="Signing in…"
      >
        Sign in
      </Button>
    </Form>
  )
}
