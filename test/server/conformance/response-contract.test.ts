/** The check every conformance response goes through (response-contract.ts), tried on answers
 * the contract allows and on ones it does not. */
import { describe, expect, it } from 'vitest'
import { contractViolation, type ReceivedResponse } from './response-contract.ts'

const json = 'application/json; charset=UTF-8'

function answer(overrides: Partial<ReceivedResponse>): ReceivedResponse {
  return {
    method: 'GET',
    path: '/api/v1/videos/abc',
    status: 200,
    contentType: json,
    text: '{"id":"abc"}',
    ...overrides,
  }
}

describe('sparse Videos', () => {
  it('allows a fields answer from get, list and playlist videos', () => {
    const sparse = JSON.stringify({ id: 'abc', caption: null, duration: 6 })
    expect(contractViolation(answer({ text: sparse }))).toBeUndefined()
    const page = (links: object, pagination: object) =>
      JSON.stringify({
        videos: [
          { id: 'a', caption: 'x' },
          { id: 'b', caption: null },
        ],
        links,
        pagination,
      })
    const cursorPage = page({ next: null }, { cursor: null, has_more: false, total_entries: 2 })
    expect(contractViolation(answer({ path: '/api/v1/videos', text: cursorPage }))).toBeUndefined()
    const playlistPage = page(
      { next: null, prev: null },
      { page: 1, page_size: 10, total_pages: 1, total_entries: 2, has_more: false },
    )
    const playlist = answer({ path: '/api/v1/playlists/p1/videos', text: playlistPage })
    expect(contractViolation(playlist)).toBeUndefined()
  })

  it('still holds a sparse answer to the type of each field it has', () => {
    expect(contractViolation(answer({ text: '{"id":"abc","caption":5}' }))).toMatch(
      /^GET \/api\/v1\/videos\/\{video_id\} answered 200 a body the contract does not allow: \/caption must be string,null/,
    )
  })

  it('refuses a listed video without its id', () => {
    const text = JSON.stringify({
      videos: [{ caption: 'x' }],
      links: { next: null },
      pagination: { cursor: null, has_more: false, total_entries: 1 },
    })
    expect(contractViolation(answer({ path: '/api/v1/videos', text }))).toContain(
      "/videos/0 must have required property 'id'",
    )
  })

  it('refuses a sparse Video where an operation answers the full one', () => {
    const created = answer({ method: 'POST', path: '/api/v1/videos', status: 201 })
    expect(contractViolation(created)).toContain(
      'POST /api/v1/videos answered 201 a body the contract does not allow: (the body) must have required property',
    )
  })
})

describe('statuses, bodies and content types', () => {
  it('refuses a status the operation does not list', () => {
    expect(contractViolation(answer({ path: '/api/v1/channels', status: 409 }))).toBe(
      'GET /api/v1/channels answered 409, a status the contract does not list',
    )
  })

  it('allows a documented 204 without a body and refuses one with a body', () => {
    const deleted = answer({ method: 'DELETE', status: 204, contentType: null, text: '' })
    expect(contractViolation(deleted)).toBeUndefined()
    expect(contractViolation({ ...deleted, text: '{"ok":true}' })).toBe(
      'DELETE /api/v1/videos/{video_id} answered 204 with a body, where the contract documents none: {"ok":true}',
    )
  })

  it('refuses a missing body, another content type and an error without its message', () => {
    expect(contractViolation(answer({ text: '' }))).toBe(
      'GET /api/v1/videos/{video_id} answered 200 without the body the contract documents',
    )
    expect(contractViolation(answer({ contentType: 'text/html', text: '<p>hi</p>' }))).toBe(
      'GET /api/v1/videos/{video_id} answered 200 as text/html; the contract lists application/json',
    )
    expect(contractViolation(answer({ status: 404, text: '{"message":"gone"}' }))).toContain(
      "answered 404 a body the contract does not allow: (the body) must have required property 'error'",
    )
  })

  it('prefers a literal path segment to a template, and names paths and methods it lacks', () => {
    const job = JSON.stringify({
      id: 'j1',
      status: 'running',
      video_id: null,
      created_at: '2026-01-01T00:00:00Z',
      completed_at: null,
    })
    expect(
      contractViolation(answer({ path: '/api/v1/videos/imports/j1', text: job })),
    ).toBeUndefined()
    expect(contractViolation(answer({ path: '/api/v1/nothing' }))).toBe(
      'GET /api/v1/nothing: no path in the contract matches it',
    )
    expect(contractViolation(answer({ method: 'PUT' }))).toBe(
      'PUT /api/v1/videos/{video_id}: the contract has no such operation',
    )
  })
})
