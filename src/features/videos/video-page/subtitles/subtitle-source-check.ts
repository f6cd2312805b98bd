import type { SubtitleSource } from './use-subtitle-actions'

// The service's limit (document 1, 4.9), checked before anything is sent.
export const maxSubtitleBytes = 5 * 1024 * 1024

const trackAddress = /^https?:\/\/[^/\s]+\/\S*\.(vtt|srt)(\?\S*)?$/i

/** Why this source cannot be sent, in words; null when it can. */
export function subtitleSourceProblem(source: SubtitleSource | null): string | null {
  if (!source) return 'Choose a file, paste the text, or give an address.'
  switch (source.kind) {
    case 'file':
      if (!/\.(vtt|srt)$/i.test(source.file.name)) return 'Choose a .vtt or .srt file.'
      if (source.file.size > maxSubtitleBytes)
        return `This file is ${(source.file.size / 1024 / 1024).toFixed(1)} MB; the service takes at most 5 MB.`
      return source.file.size === 0 ? 'This file is empty.' : null
    case 'text': {
      const bytes = new TextEncoder().encode(source.content).length
      if (source.content.trim() === '') return 'Paste the subtitle text (WebVTT or SubRip).'
      return bytes > maxSubtitleBytes
        ? `The text is ${(bytes / 1024 / 1024).toFixed(1)} MB; the service takes at most 5 MB.`
        : null
    }
    case 'url':
      return trackAddress.test(source.url.trim())
        ? null
        : 'Enter an http(s) address of a .vtt or .srt file.'
  }
}
