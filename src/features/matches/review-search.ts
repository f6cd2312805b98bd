import * as z from 'zod/mini'
import { queueOrders } from '@/api/review-orders'

// The reviewer's place in the queue lives in the URL, with the order and whether suggestions below
// the floor are shown: a position can be shared or resumed.
export const reviewSearchSchema = z.object({
  video: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  /** Absent: the server's default (nearest the threshold when one is set, else oldest). */
  order: z.catch(z.optional(z.enum(queueOrders)), undefined),
  below: z.catch(z.optional(z.boolean()), undefined),
})
