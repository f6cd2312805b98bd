import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ServiceError } from '../api/client'

export function describeError(error: unknown): { title: string; detail: string } {
  if (error instanceof ServiceError) {
    if (error.status === 502)
      return { title: 'The video service is unreachable', detail: error.message }
    if (error.status === 504)
      return { title: 'The video service is too slow to answer', detail: error.message }
    if (error.status === 403)
      return { title: 'You do not have access to this', detail: error.message }
    if (error.status === 404) return { title: 'Not found', detail: error.message }
    if (error.status === 0) return { title: 'You appear to be offline', detail: error.message }
  }
  return {
    title: 'Something went wrong',
    detail: error instanceof Error ? error.message : String(error),
  }
}

export function ErrorPanel({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  useEffect(() => queryReset.reset(), [queryReset])
  const { title, detail } = describeError(error)
  return (
    <div
      role="alert"
      className="mx-auto mt-16 max-w-lg rounded-lg border border-red-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-red-800">{title}</h2>
      <p className="mt-2 text-sm text-slate-700">{detail}</p>
      <button
        type="button"
        className="mt-4 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        onClick={() => {
          reset()
          router.invalidate()
        }}
      >
        Retry
      </button>
    </div>
  )
}
