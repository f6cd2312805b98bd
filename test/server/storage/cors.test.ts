import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postForm, signatureFields } from './form-post.ts'
import { type LocalStoreHarness, randomBody, startLocalStore } from './local-store-harness.ts'

describe('CORS for browsers uploading directly', () => {
  let harness: LocalStoreHarness
  beforeAll(async () => {
    harness = await startLocalStore()
  })
  afterAll(() => harness.close())

  it('answers preflights for any origin with the requested headers', async () => {
    const response = await fetch(
      `${harness.endpoint}/sandbox-uploads/uploads/x.mp4?partNumber=1&uploadId=abc`,
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type,x-custom',
        },
      },
    )

    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET, PUT, POST, HEAD, DELETE',
    )
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-custom')
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0)
  })

  it('puts CORS headers on errors too', async () => {
    const response = await fetch(`${harness.endpoint}/sandbox-uploads/uploads/x.mp4`, {
      method: 'PUT',
      headers: { Origin: 'http://localhost:5173' },
      body: 'unsigned',
    })

    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag')
    expect(await response.text()).toContain('<Code>AccessDenied</Code>')
  })

  it('lets the page read where a form upload put the object (Location) and its ETag', async () => {
    const key = 'uploads/vid_cors/source.mp4'
    const signature = await harness.storage.presignPost(key, 'video/mp4')
    const response = await postForm(
      signature.post_url,
      signatureFields(signature, 'video/mp4'),
      randomBody(30 * 1024),
    )

    expect(response.status).toBe(204)
    const exposed = (response.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
    expect(exposed).toEqual(expect.arrayContaining(['location', 'etag']))
    expect(response.headers.get('location')).toBe(`${harness.endpoint}/sandbox-uploads/${key}`)
  })

  it('answers NoSuchBucket for an unknown bucket', async () => {
    const response = await fetch(`${harness.endpoint}/other-bucket/x.mp4`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('<Code>NoSuchBucket</Code>')
  })
})
