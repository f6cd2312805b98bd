import * as z from 'zod/mini'

// Notices the dashboard leaves for people (auto-accept paused itself, a rule fired), answered by
// the dashboard server at /api/dashboard/notices. Not part of the service's contract.

export const noticeSchema = z.object({
  id: z.string(),
  /** What raised it, such as `auto_accept.paused`: the app words every kind alike. */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path in the app where the matter can be seen to, or null. */
  link: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
})
export type Notice = z.infer<typeof noticeSchema>

/** `GET /api/dashboard/notices`: the newest notices for the signed-in person, and how many are unread. */
export const noticeListSchema = z.object({
  notices: z.array(noticeSchema),
  unread: z.number(),
})
export type NoticeList = z.infer<typeof noticeListSchema>

/** `POST /api/dashboard/notices/read`: some notices, or every one, marked read. */
export const noticesReadSchema = z.union([
  z.object({
    ids: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(100)),
  }),
  z.object({ all: z.literal(true) }),
])
export type NoticesRead = z.infer<typeof noticesReadSchema>
