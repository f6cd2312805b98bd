import * as z from 'zod/mini'

// What marking notices read sends, which the server checks: apart from the answers (notices.ts),
// so that zod stays out of the first screen's script, where the bell is.

/** `POST /api/dashboard/notices/read`: some notices, or every one, marked read. */
export const noticesReadSchema = z.union([
  z.object({
    ids: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(100)),
  }),
  z.object({ all: z.literal(true) }),
])
export type NoticesRead = z.infer<typeof noticesReadSchema>
