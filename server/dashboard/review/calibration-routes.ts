import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { allow } from '../auth/role-gate.ts'
import { type DashboardEnv, raw, requestUrl } from '../http/context.ts'
import { sendJson } from '../http/json-response.ts'
import { readCalibration } from './calibration.ts'
import { periodMs, periodQuery, readQuery } from './calibration-query.ts'
import { keptSlices } from './calibration-slices.ts'
import { storeNamesFrom } from './calibration-stores.ts'
import type { ReviewDeps } from './review-context.ts'

const calibrationQuery = z.object({
  store_id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  category: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  ...periodQuery,
})

/** `GET /calibration?store_id=&category=&from=&to=`: anyone signed in reads it. */
export function mountCalibration(app: Hono<DashboardEnv>, deps: ReviewDeps) {
  const storeNames = storeNamesFrom(() => deps.service()?.client ?? null)
  const slices = keptSlices()
  app.get(
    '/calibration',
    allow('viewer', 'dashboard.reviewCalibration'),
    raw(async (req, res) => {
      const query = readQuery(calibrationQuery, requestUrl(req), res)
      if (!query) return
      const calibration = await readCalibration(
        deps.reads?.() ?? deps.db,
        { storeId: query.store_id, category: query.category, ...periodMs(query) },
        { storeNames, slices },
      )
      sendJson(res, 200, calibration)
    }),
  )
}
