import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addSubtitle, deleteSubtitle } from '@/api/generated/sdk.gen'
import type { SubtitleJson } from '@/api/generated/types.gen'
import { videoKeys } from '@/api/queries/videos'

export type SubtitleSource =
  | { kind: 'file'; file: File }
  | { kind: 'text'; content: string }
  | { kind: 'url'; url: string }

export interface NewSubtitle {
  language: string
  isCc: boolean
  source: SubtitleSource
}

// The three documented body forms: a file as multipart/form-data, pasted text or an address as
// JSON. Each change re-reads the video's track list.
export function useSubtitleActions(videoId: string) {
  const queryClient = useQueryClient()
  const path = { video_id: videoId }
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: videoKeys.subtitles(videoId) })
  return {
    add: useMutation({
      mutationFn: ({ language, isCc, source }: NewSubtitle) => {
        if (source.kind === 'file') {
          const form = new FormData()
          form.set('language', language)
          form.set('is_cc', String(isCc))
          form.set('file', source.file, source.file.name)
          return addSubtitle({
            path,
            // The generated client knows the JSON form only; the browser writes the multipart body.
            body: form as unknown as SubtitleJson,
            bodySerializer: null,
            headers: { 'Content-Type': null },
            throwOnError: true,
          }).then((response) => response.data)
        }
        const body: SubtitleJson =
          source.kind === 'text'
            ? { language, is_cc: isCc, content: source.content }
            : { language, is_cc: isCc, url: source.url }
        return addSubtitle({ path, body, throwOnError: true }).then((response) => response.data)
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (subtitleId: string) =>
        deleteSubtitle({ path: { ...path, subtitle_id: subtitleId }, throwOnError: true }),
      onSuccess,
    }),
  }
}

export type SubtitleActions = ReturnType<typeof useSubtitleActions>
