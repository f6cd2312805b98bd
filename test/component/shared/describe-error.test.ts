import { expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import { describeError } from '@/components/error-panel'

it('tells an unreachable service from a slow one and from a refusal', () => {
  expect(describeError(new ServiceError('The video service is unreachable', 502)).title).toBe(
    'The video service is unreachable',
  )
  expect(
    describeError(new ServiceError('The video service did not answer in time', 504)).title,
  ).toBe('The video service is too slow to answer')
  expect(describeError(new ServiceError('No access to this video', 403))).toEqual({
    title: 'You do not have access to this',
    detail: 'No access to this video',
  })
  expect(describeError(new ServiceError('x', 0)).title).toBe('You appear to be offline')
})
