import { expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import {
  failureKind,
  fileRetryDelay,
  SignatureExpiredError,
} from '@/features/uploads/uploader/upload-failure'

const storageError = (status: number, responseText = '') =>
  Object.assign(new Error('Non 2xx'), { source: { status, responseText } })

it('renews expired signatures', () => {
  expect(failureKind(new SignatureExpiredError())).toBe('expired')
  expect(
    failureKind(storageError(403, '<Error><Message>Request has expired</Message></Error>')),
  ).toBe('expired')
})

it('retries outages: no answer, 5xx, 429', () => {
  expect(failureKind(storageError(0))).toBe('transient')
  expect(failureKind(storageError(503))).toBe('transient')
  expect(failureKind(new ServiceError('Too many', 429, 30))).toBe('transient')
  expect(failureKind(new ServiceError('Bad gateway', 502))).toBe('transient')
  expect(failureKind(new TypeError('Failed to fetch'))).toBe('transient')
})

it('reports refusals and leaves cancelled uploads alone', () => {
  expect(failureKind(storageError(400, '<Error><Code>EntityTooSmall</Code></Error>'))).toBe('final')
  expect(failureKind(storageError(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>'))).toBe(
    'final',
  )
  expect(failureKind(new ServiceError('Invalid channel', 404))).toBe('final')
  expect(failureKind(new DOMException('stopped', 'AbortError'))).toBe('aborted')
})

it('waits longer after each failure, up to a minute', () => {
  const waits = [0, 1, 2, 3, 4, 10].map(fileRetryDelay)
  expect(waits).toEqual([2_000, 5_000, 10_000, 30_000, 60_000, 60_000])
})
