import * as v from 'valibot'

// Notices the dashboard leaves for people (auto-accept paused itself, a rule fired), answered by
// the dashboard server at /api/dashboard/notices. Not part of the service's contract. The answers
// are read by the bell, in the first screen, so in valibot (src/lib/search-params.ts says why);
// what marking read sends is in notice-writes.ts.

export const noticeSchema = v.object({
  id: v.string(),
  /** What raised it, such as `auto_accept.paused`: the app words every kind alike. */
  kind: v.string(),
  title: v.string(),
  body: v.string(),
  /** A path in the app where the matter can be seen to, or null. */
  link: v.nullable(v.string()),
  created_at: v.string(),
  read: v.boolean(),
})
export type Notice = v.InferOutput<typeof noticeSchema>

/** `GET /api/dashboard/notices`: the newest notices for the signed-in person, and how many are unread. */
export const noticeListSchema = v.object({
  notices: v.array(noticeSchema),
  unread: v.number(),
})
export type NoticeList = v.InferOutput<typeof noticeListSchema>
