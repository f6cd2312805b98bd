import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postForm, signatureFields } from './form-post.ts'
import {
  type LocalStoreHarness,
  randomBody,
  readObject,
  sha256,
  startLocalStore,
} from './local-store-harness.ts'

describe('browser form upload to the local store', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('stores the file byte for byte when the policy holds', async () => {
    const key = 'uploads/vid_1/source.mp4'
    const file = randomBody(300 * 1024)
    const signature = await harness.storage.presignPost(key, 'video/mp4')
    expect(signature.post_url).toBe(`${harness.endpoint}/sandbox-uploads`)

    const response = await postForm(
      signature.post_url,
      signatureFields(signature, 'video/mp4'),
      file,
    )

    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await harness.storage.head(key)).toEqual({ size: file.length, contentType: 'video/mp4' })
    expect(sha256(await readObject(harness.storage, key))).toBe(sha256(file))
  })

  it('answers 201 with an XML PostResponse when success_action_status asks for it', async () => {
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post')
    const client = harness.sdkClient()
    const post = await createPresignedPost(client, {
      Bucket: 'sandbox-uploads',
      Key: `uploads/${'$'}{filename}`,
      Fields: { success_action_status: '201' },
      Expires: 60,
    })
    const { bucket: _bucket, ...fields } = post.fields
    const response = await postForm(
      post.url,
      Object.entries(fields),
      Buffer.from('hello'),
      'hi.txt',
    )

    expect(response.status).toBe(201)
    expect(await response.text()).toContain('<Key>uploads/hi.txt</Key>')
    expect(sha256(await readObject(harness.storage, 'uploads/hi.txt'))).toBe(
      sha256(Buffer.from('hello')),
    )
  })
})
