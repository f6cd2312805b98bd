// Areas whose screens are not built yet say so plainly rather than pretending.
export function UpcomingArea({ title, summary }: { title: string; summary: string }) {
  return (
    <section aria-labelledby="area-title" className="max-w-2xl">
      <h1 id="area-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="mt-2 text-slate-700">{summary}</p>
      <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        This area is not available in this version of the dashboard yet.
      </p>
    </section>
  )
}
