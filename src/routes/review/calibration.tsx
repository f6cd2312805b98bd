import { createFileRoute } from '@tanstack/react-router'
import { calibrationQuery } from '@/api/queries/review'
import { CalibrationScreen } from '@/features/review-insights/calibration-screen'
import { calibrationSearchSchema } from '@/features/review-insights/insights-search'

export const Route = createFileRoute('/review/calibration')({
  // The loader comes with the screen, in the chunk loaded on the way here, not the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: calibrationSearchSchema,
  loaderDeps: ({ search }) => ({
    store_id: search.store,
    category: search.category,
    from: search.from,
    to: search.to,
  }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(calibrationQuery(deps)),
  component: function CalibrationRoute() {
    return <CalibrationScreen search={Route.useSearch()} />
  },
})
