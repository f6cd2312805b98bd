import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ServiceError } from '@/api/client'
import { Button } from './ui/button'

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
      <Button
        variant="primary"
        className="mt-4"
        onClick={() => {
          reset()
          router.invalidate()
        }}
      >
        Retry
      </Button>
    </div>
  )
}
