import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { VideoMetadata } from '@/api/generated/types.gen'
import { contractErrorMap } from '@/lib/contract-error-map'
import {
  defaultUploadDetails,
  type UploadDetailsValues,
  uploadDetailsSchema,
} from '../upload-details'
import { detailsForFile, uncheckedDetailsForFile } from './file-details'
import { clearDetails, loadDetails, saveDetails } from './saved-details'

/** A file as Uppy holds it: its name and its meta (the file editor's entries). */
export interface DetailsFile {
  name?: string
  meta: Record<string, unknown>
}

/** What the uploader is given: each file's details for POST /videos, and why a file cannot start. */
export interface UploadDetailsHandlers {
  detailsFor: (file: DetailsFile) => VideoMetadata
  detailsProblem: (file: DetailsFile) => string | null
}

const fileName = (file: DetailsFile) =>
  file.name || (typeof file.meta.name === 'string' ? file.meta.name : 'This file')

const sameValues = (a: UploadDetailsValues, b: UploadDetailsValues) =>
  JSON.stringify(a) === JSON.stringify(b)

// The details form for every file: restored from this browser, saved on every change, checked
// with the video page's rules, and read by the uploader per file.
export function useUploadDetails(defaultChannelId: string) {
  const [initial] = useState(() => loadDetails(defaultChannelId))
  const form = useForm<UploadDetailsValues>({
    resolver: zodResolver(uploadDetailsSchema, { error: contractErrorMap }),
    defaultValues: initial ?? defaultUploadDetails(defaultChannelId),
    mode: 'onChange',
  })
  // The last values that passed the checks: a file already uploading keeps being created with
  // them while the form holds a mistake.
  const lastValid = useRef(initial ?? defaultUploadDetails(defaultChannelId))

  useEffect(() => {
    // Restored values are checked at once (a restored schedule may have passed).
    if (initial) void form.trigger()
  }, [initial, form])

  useEffect(() => {
    const subscription = form.watch((watched) => {
      const values = watched as UploadDetailsValues
      if (uploadDetailsSchema.safeParse(values).success) lastValid.current = values
      if (sameValues(values, defaultUploadDetails(defaultChannelId))) clearDetails()
      else saveDetails(defaultChannelId, values)
    })
    return () => subscription.unsubscribe()
  }, [form, defaultChannelId])

  const reset = useCallback(() => {
    clearDetails()
    form.reset(defaultUploadDetails(defaultChannelId))
  }, [form, defaultChannelId])

  const detailsFor = useCallback(
    (file: DetailsFile) => {
      const result = detailsForFile(form.getValues(), file.meta, fileName(file))
      return result.ok
        ? result.details
        : uncheckedDetailsForFile(lastValid.current, file.meta, fileName(file))
    },
    [form],
  )
  const detailsProblem = useCallback(
    (file: DetailsFile) => {
      const result = detailsForFile(form.getValues(), file.meta, fileName(file))
      return result.ok ? null : result.problem
    },
    [form],
  )

  return { form, reset, detailsFor, detailsProblem }
}
