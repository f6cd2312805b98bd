import { describe, expect, it } from 'vitest'
import { detailsForFile } from '@/features/uploads/details/file-details'
import {
  captionFor,
  defaultUploadDetails,
  hashtagsFromText,
  type UploadDetailsValues,
  uploadDetailsSchema,
} from '@/features/uploads/upload-details'
import { contractErrorMap } from '@/lib/contract-error-map'
import { checkSchedule, toLocalInputValue } from '@/lib/schedule-window'

const now = new Date('2025-03-02T10:00:30.000Z')
const day = 24 * 60 * 60_000
const at = (ms: number) => toLocalInputValue(new Date(now.getTime() + ms))
// The schedule rule's own refusal of a time (its bounds are tested in schedule-window.test.ts).
const ruleRefusal = (value: string) => {
  const check = checkSchedule(value, now)
  if (check.ok) throw new Error(`${value} is accepted`)
  return check.message
}

const batch: UploadDetailsValues = {
  ...defaultUploadDetails('ch1'),
  captionPattern: 'Sale: {name}',
  description: '  New in ',
  hashtags: '#summer, sale  #summer',
  access: 'private',
  publish: 'draft',
}

const expectProblem = (result: ReturnType<typeof detailsForFile>) => {
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.details)}`)
  return result.problem
}
const expectDetails = (result: ReturnType<typeof detailsForFile>) => {
  if (!result.ok) throw new Error(result.problem)
  return result.details
}

describe('captions and hashtags', () => {
  it('builds captions from the pattern and parses hashtags', () => {
    expect(captionFor('{name}', 'aurora.mp4')).toBe('aurora')
    expect(captionFor('{name} – {name}', 'a.mov')).toBe('a – a')
    expect(hashtagsFromText('#a b,,c #a ##d')).toEqual(['a', 'b', 'c', 'd'])
    expect(hashtagsFromText('  ')).toEqual([])
  })
})

describe('detailsForFile', () => {
  it("makes a file's POST /videos body from the details for every file", () => {
    expect(expectDetails(detailsForFile(batch, {}, 'aurora.mp4', now))).toEqual({
      channel_id: 'ch1',
      caption: 'Sale: aurora',
      description: 'New in',
      hashtags: ['summer', 'sale'],
      access: 'private',
      publish: false,
    })
    expect(
      expectDetails(
        detailsForFile(
          { ...batch, description: '', hashtags: '', publish: 'now' },
          {},
          'a.mp4',
          now,
        ),
      ),
    ).toEqual({ channel_id: 'ch1', caption: 'Sale: a', access: 'private', publish: true })
  })

  it("lets a file's own entries win, and empty ones keep the batch's", () => {
    const own = {
      caption: ' Own caption ',
      description: 'Own words',
      hashtags: '#mine',
      access: 'public',
      publish: 'now',
    }
    expect(expectDetails(detailsForFile(batch, own, 'aurora.mp4', now))).toEqual({
      channel_id: 'ch1',
      caption: 'Own caption',
      description: 'Own words',
      hashtags: ['mine'],
      access: 'public',
      publish: true,
    })
    const blank = { caption: '  ', description: '', hashtags: '', access: '', publish: '' }
    expect(expectDetails(detailsForFile(batch, blank, 'aurora.mp4', now))).toMatchObject({
      caption: 'Sale: aurora',
      description: 'New in',
      hashtags: ['summer', 'sale'],
      access: 'private',
      publish: false,
    })
  })

  it('schedules: publish stays true and published_at is the ISO time', () => {
    const when = new Date(now.getTime() + 3 * day)
    when.setSeconds(0, 0)
    const values = { ...batch, publish: 'schedule' as const, publishAt: toLocalInputValue(when) }
    expect(expectDetails(detailsForFile(values, {}, 'a.mp4', now))).toMatchObject({
      publish: true,
      published_at: when.toISOString(),
    })
  })

  it('refuses a time the schedule rule refuses, with its message, naming the file', () => {
    const publishAt = at(-day)
    const values = { ...batch, publish: 'schedule' as const, publishAt }
    expect(expectProblem(detailsForFile(values, {}, 'a.mp4', now))).toBe(
      `a.mp4: publish time for every file: ${ruleRefusal(publishAt)}`,
    )
  })

  it("schedules one file on its own, and ignores the batch's refused time for a file published now", () => {
    const values = { ...batch, publish: 'schedule' as const, publishAt: at(-day) }
    const own = { publish: 'schedule', publishAt: at(2 * day) }
    expect(expectDetails(detailsForFile(values, own, 'a.mp4', now))).toMatchObject({
      publish: true,
      published_at: new Date(own.publishAt).toISOString(),
    })
    expect(
      expectDetails(detailsForFile(values, { publish: 'now' }, 'a.mp4', now)),
    ).not.toHaveProperty('published_at')
    expect(
      expectProblem(
        detailsForFile(batch, { publish: 'schedule', publishAt: at(-day) }, 'b.mov', now),
      ),
    ).toBe(`b.mov: publish time set for this file: ${ruleRefusal(at(-day))}`)
  })

  it('names the file and where invalid hashtags were typed', () => {
    const many = Array.from({ length: 31 }, (_, i) => `tag${i}`).join(' ')
    expect(expectProblem(detailsForFile(batch, { hashtags: many }, 'clip-1.mp4', now))).toBe(
      'clip-1.mp4: hashtags set for this file: Use at most 30 hashtags.',
    )
    expect(
      expectProblem(detailsForFile({ ...batch, hashtags: 'x'.repeat(101) }, {}, 'clip-2.mp4', now)),
    ).toBe('clip-2.mp4: hashtags for every file: Each hashtag can have at most 100 characters.')
  })

  it('lists every field at fault for a file', () => {
    const problem = expectProblem(
      detailsForFile(batch, { caption: 'c'.repeat(2201), access: 'unlisted' }, 'a.mp4', now),
    )
    expect(problem).toBe(
      'a.mp4: caption set for this file: Use at most 2200 characters.; access set for this file: Choose Public or Private.',
    )
  })

  it('sends product and variant tags in their order, resolved in the store they were picked from', () => {
    const values = {
      ...batch,
      storeId: 'store-eu',
      productIds: ['prod-2', 'prod-1'],
      variantIds: ['unit-9'],
    }
    const sent = expectDetails(detailsForFile(values, {}, 'a.mp4', now))
    expect(sent).toMatchObject({
      product_ids: ['prod-2', 'prod-1'],
      variant_ids: ['unit-9'],
      business_store_id: 'store-eu',
    })
    expect(sent).not.toHaveProperty('video_hidden')
    const variantsOnly = { ...values, productIds: [], hiddenFromProducts: true }
    expect(expectDetails(detailsForFile(variantsOnly, {}, 'a.mp4', now))).toEqual(
      expect.objectContaining({ variant_ids: ['unit-9'], video_hidden: true }),
    )
    expect(expectDetails(detailsForFile(variantsOnly, {}, 'a.mp4', now))).not.toHaveProperty(
      'product_ids',
    )
    const untagged = expectDetails(detailsForFile(batch, {}, 'a.mp4', now))
    for (const key of ['product_ids', 'variant_ids', 'business_store_id', 'video_hidden']) {
      expect(untagged).not.toHaveProperty(key)
    }
  })

  it('takes the channel from the details', () => {
    expect(
      expectDetails(detailsForFile({ ...batch, channelId: 'ch2' }, {}, 'a.mp4', now)).channel_id,
    ).toBe('ch2')
    expect(expectProblem(detailsForFile({ ...batch, channelId: '' }, {}, 'a.mp4', now))).toMatch(
      /^a\.mp4: channel: Choose the channel/,
    )
  })
})

describe('the details form schema', () => {
  const messages = (values: UploadDetailsValues) =>
    uploadDetailsSchema
      .safeParse(values, { error: contractErrorMap })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

  it('accepts valid details and uses the video page messages', () => {
    expect(messages(batch)).toEqual([])
    expect(
      messages({
        ...batch,
        captionPattern: 'x'.repeat(2201),
        description: 'd'.repeat(5001),
        hashtags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(','),
      }),
    ).toEqual([
      'captionPattern: Use at most 2200 characters.',
      'description: Use at most 5000 characters.',
      'hashtags: Use at most 30 hashtags.',
    ])
  })

  it('tags at most as many products and variants as the contract allows (100 each)', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `id-${i}`)
    const tagged = { ...batch, storeId: 'store-eu', productIds: ids(100), variantIds: ids(100) }
    expect(messages(tagged)).toEqual([])
    expect(messages({ ...tagged, productIds: ids(101), variantIds: ids(101) })).toEqual([
      'productIds: Tag at most 100 products.',
      'variantIds: Tag at most 100 variants.',
    ])
  })

  it('checks the schedule only when Schedule is chosen', () => {
    expect(messages({ ...batch, publish: 'now', publishAt: 'nonsense' })).toEqual([])
    expect(messages({ ...batch, publish: 'schedule', publishAt: '' })).toEqual([
      'publishAt: Choose the date and time to publish at.',
    ])
  })
})
