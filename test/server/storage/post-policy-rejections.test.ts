import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postForm, replaceField, signatureFields } from './form-post.ts'
import {
  BUCKET,
  type LocalStoreHarness,
  randomBody,
  startLocalStore,
} from './local-store-harness.ts'

async function errorCode(response: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1]
}

describe('browser form upload: the policy is enforced', () => {
  let harness: LocalStoreHarness
  const video = randomBody(40 * 1024)
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('refuses a Content-Type other than the signed one', async () => {
    const signature = await harness.storage.presignPost('uploads/a/source.mp4', 'video/mp4')
    const fields = signatureFields(signature, 'text/html')

    const response = await postForm(signature.post_url, fields, video)

    expect(response.status).toBe(403)
    expect(await errorCode(response)).toBe('AccessDenied')
    expect(await harness.storage.head('uploads/a/source.mp4')).toBeNull()
  })

  it('refuses a key other than the signed one', async () => {
    const signature = await harness.storage.presignPost('uploads/b/source.mp4', 'video/mp4')
    const fields = replaceField(signatureFields(signature, 'video/mp4'), 'key', 'uploads/other.mp4')

    const response = await postForm(signature.post_url, fields, video)

    expect(response.status).toBe(403)
    expect(await harness.storage.head('uploads/other.mp4')).toBeNull()
  })

  it('refuses a policy that was changed after signing', async () => {
    const signature = await harness.storage.presignPost('uploads/c/source.mp4', 'video/mp4')
    const policy = JSON.parse(Buffer.from(signature.policy, 'base64').toString('utf8'))
    policy.conditions.push(['starts-with', '$x-amz-meta-extra', ''])
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64')
    const fields = replaceField(signatureFields(signature, 'video/mp4'), 'Policy', forged)

    const response = await postForm(signature.post_url, fields, video)

    expect(response.status).toBe(403)
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch')
  })

  it('refuses a form field no condition allows', async () => {
    const signature = await harness.storage.presignPost('uploads/d/source.mp4', 'video/mp4')
    const fields = signatureFields(signature, 'video/mp4')
    fields.splice(1, 0, ['x-amz-meta-owner', 'mallory'])

    const response = await postForm(signature.post_url, fields, video)

    expect(response.status).toBe(403)
  })

  it('refuses an expired policy', async () => {
    const twoHoursAgo = -2 * 60 * 60 * 1000
    const client = harness.sdkClient({ systemClockOffset: twoHoursAgo })
    const post = await createPresignedPost(client, {
      Bucket: BUCKET,
      Key: 'uploads/e/source.mp4',
      Fields: { acl: 'private', 'Content-Type': 'video/mp4' },
      Expires: 3600,
    })
    const { bucket: _bucket, ...fields } = post.fields

    const response = await postForm(post.url, Object.entries(fields), video)

    expect(response.status).toBe(403)
    expect(await response.text()).toContain('Policy expired')
  })

  it('answers EntityTooSmall below 25 KiB', async () => {
    const signature = await harness.storage.presignPost('uploads/f/source.mp4', 'video/mp4')

    const response = await postForm(
      signature.post_url,
      signatureFields(signature, 'video/mp4'),
      randomBody(25 * 1024 - 1),
    )

    expect(response.status).toBe(400)
    expect(await errorCode(response)).toBe('EntityTooSmall')
    expect(await harness.storage.head('uploads/f/source.mp4')).toBeNull()
  })

  it('answers EntityTooLarge above the range and keeps nothing', async () => {
    const post = await createPresignedPost(harness.sdkClient(), {
      Bucket: BUCKET,
      Key: 'uploads/g/source.mp4',
      Conditions: [['content-length-range', 1, 64 * 1024]],
      Expires: 60,
    })
    const { bucket: _bucket, ...fields } = post.fields

    const response = await postForm(post.url, Object.entries(fields), randomBody(3 * 1024 * 1024))

    expect(response.status).toBe(400)
    expect(await errorCode(response)).toBe('EntityTooLarge')
    expect(await harness.storage.head('uploads/g/source.mp4')).toBeNull()
  })
})
