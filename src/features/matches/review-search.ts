import * as v from 'valibot'
import { queueOrders } from '@/api/review-orders'
import { boundedText, optionalParam } from '@/lib/search-params'

// The reviewer's place in the queue lives in the URL, with the order and whether suggestions below
// the floor are shown: a position can be shared or resumed.
export const reviewSearchSchema = v.object({
  video: optionalParam(boundedText(64)),
  /** Absent: the server's default (nearest the threshold when one is set, else oldest). */
  order: optionalParam(v.picklist(queueOrders)),
  below: optionalParam(v.boolean()),
})
