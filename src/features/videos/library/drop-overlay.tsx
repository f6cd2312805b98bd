/** What the library says while files are dragged over it (`FileDropOverlay` shows it). */
export default function DropMessage() {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-slate-900/50 p-8">
      <div className="rounded-xl border-4 border-dashed border-indigo-600 bg-white px-12 py-10 text-center shadow-xl">
        <p className="text-2xl font-semibold text-slate-900">Drop to upload</p>
        <p className="mt-2 text-sm text-slate-700">
          The videos open on the uploads screen, ready to send with the details you choose there.
        </p>
      </div>
    </div>
  )
}
