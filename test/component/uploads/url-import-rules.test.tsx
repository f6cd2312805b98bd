import { describe, expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import {
  importFailureText,
  importRequestProblem,
} from '@/features/uploads/url-import/import-wording'
import { fileNameFromUrl, urlImportProblem } from '@/features/uploads/url-import/url-rules'

describe('URL import: the address rules checked before sending', () => {
  it.each([
    'https://videos.example.com/launch.mp4',
    'http://cdn.example.co.uk/spring/look%201.mov?token=abc',
    'http://127.0.0.1:8080/clip.mp4',
    '  https://videos.example.com/launch  ',
  ])('accepts %s', (url) => {
    expect(urlImportProblem(url)).toBeNull()
  })

  it.each([
    ['', 'Enter the address of the video file.'],
    ['   ', 'Enter the address of the video file.'],
    ['videos.example.com/launch.mp4', /not a complete web address/],
    ['ftp://videos.example.com/launch.mp4', /Only addresses starting with http:\/\/ or https:\/\//],
    ['file:///home/me/launch.mp4', /Only addresses starting with http/],
    ['https://localhost/launch.mp4', /full host name with a dot/],
    ['http://[::1]/launch.mp4', /full host name with a dot/],
    ['https://videos.example.com', /path of the file/],
    ['https://videos.example.com/', /path of the file/],
    ['https://videos.example.com/?file=launch.mp4', /path of the file/],
  ])('refuses %j in plain words', (url, message) => {
    expect(urlImportProblem(url)).toMatch(message)
  })

  it('names the file after the last segment of the path', () => {
    expect(fileNameFromUrl('https://videos.example.com/spring/launch.mp4?x=1#t')).toBe('launch.mp4')
    expect(fileNameFromUrl('https://videos.example.com/spring/look%201.mov')).toBe('look 1.mov')
    expect(fileNameFromUrl('https://videos.example.com/spring/')).toBe('spring')
    expect(fileNameFromUrl('https://videos.example.com/bad%E0%A4%A.mp4')).toBe('bad%E0%A4%A.mp4')
  })
})

describe('URL import: failures in plain words', () => {
  it.each([
    ['download_failed', 'the file could not be downloaded from that address'],
    ['invalid_format', 'the file is not an MP4 or MOV video the service can read'],
    ['duration_out_of_range', 'it is shorter than 3 seconds or longer than 1 hour'],
    ['file_size_exceeded', 'it is larger than 5 GB'],
    ['internal_error', 'the service ran into a problem of its own; try the import again'],
  ])('says why a background import failed: %s', (reason, words) => {
    expect(importFailureText(reason)).toBe(words)
  })

  it('says so when the service gives no reason (the real service may not send one)', () => {
    expect(importFailureText(undefined)).toBe('the service did not say why')
    expect(importFailureText(null)).toBe('the service did not say why')
    expect(importFailureText('a_reason_added_later')).toBe('the service did not say why')
  })

  it('words refusals and outages of the import request', () => {
    expect(importRequestProblem(new ServiceError('url hostname must contain a dot', 400))).toBe(
      'The service refused this import: url hostname must contain a dot',
    )
    expect(
      importRequestProblem(new ServiceError('Video duration 1.0 s is outside 3 seconds', 422)),
    ).toBe('The service refused this import: Video duration 1.0 s is outside 3 seconds')
    expect(importRequestProblem(new ServiceError('Too many', 429, 42))).toMatch(
      /20 new videos per 5 minutes per channel\. Try again in 42 s\./,
    )
    expect(importRequestProblem(new ServiceError('Gateway timeout', 504))).toMatch(
      /did not answer in time.*better imported in the background/,
    )
    expect(importRequestProblem(new ServiceError('Bad gateway', 502))).toMatch(
      /cannot be reached right now/,
    )
    expect(importRequestProblem(new ServiceError('Internal', 500))).toBe(
      'The video service failed while importing (error 500). Try again in a moment.',
    )
  })
})
