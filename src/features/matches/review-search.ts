import * as z from 'zod/mini'

// The reviewer's place in the queue lives in the URL: a position can be shared or resumed.
export const reviewSearchSchema = z.object({
  video: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
})
