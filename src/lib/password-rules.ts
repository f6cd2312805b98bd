import * as z from 'zod'

// The server's rule (12 characters at least), said the same way on every form that sets one.
const newPassword = {
  password: z.string().min(12, 'Choose a password of at least 12 characters.'),
  repeat: z.string(),
}
const typedTwiceAlike = (values: { password: string; repeat: string }) =>
  values.password === values.repeat
const differ = { path: ['repeat'], message: 'The two passwords differ.' }

/** A new password, typed twice. */
export const newPasswordSchema = z.object(newPassword).refine(typedTwiceAlike, differ)
export type NewPasswordValues = z.infer<typeof newPasswordSchema>

/** Changing one's password: the current one, and the new one typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Type your current password.'),
    ...newPassword,
  })
  .refine(typedTwiceAlike, differ)
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>
