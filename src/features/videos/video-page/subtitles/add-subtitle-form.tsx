import { useId, useRef, useState } from 'react'
import { toServiceError } from '@/api/client'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { RadioGroup } from '@/components/ui/choice-group'
import { errorClasses } from '@/components/ui/control-styles'
import { CheckboxShell, FieldShell } from '@/components/ui/field'
import { TextArea, TextInput } from '@/components/ui/text-input'
import { useToast } from '@/components/ui/toast'
import { usePermission } from '@/lib/permissions'
import { useDraft } from '../drafts/page-drafts'
import { RoleLock } from '../layout/role-lock'
import { LanguagePicker } from './language-picker'
import { languageName } from './languages'
import { subtitleSourceProblem } from './subtitle-source-check'
import type { SubtitleActions, SubtitleSource } from './use-subtitle-actions'

type SourceKind = SubtitleSource['kind']

const sourceOptions = [
  { value: 'file', label: 'From a file' },
  { value: 'text', label: 'Paste the text' },
  { value: 'url', label: 'From an address' },
] as const

// A new track: its language, whether it is closed captions, and where its text comes from. The
// source is checked here first (format, 5 MB); what was typed stays after a refusal.
export function AddSubtitleForm({ actions }: { actions: SubtitleActions }) {
  const toast = useToast()
  const id = useId()
  const [language, setLanguage] = useState<string | null>(null)
  const [isCc, setIsCc] = useState(false)
  const [kind, setKind] = useState<SourceKind>('file')
  const [file, setFile] = useState<File | null>(null)
  const [content, setContent] = useState('')
  const [url, setUrl] = useState('')
  const [round, setRound] = useState(0)
  const adding = usePermission('addSubtitle')
  const [problems, setProblems] = useState<{ language?: string; source?: string; server?: string }>(
    {},
  )
  const source: SubtitleSource | null =
    kind === 'file'
      ? file
        ? { kind, file }
        : null
      : kind === 'text'
        ? { kind, content }
        : { kind, url }

  const formRef = useRef<HTMLFormElement>(null)
  // A fresh form for the next track (each track has its own language and kind).
  const clear = () => {
    setLanguage(null)
    setIsCc(false)
    setRound((n) => n + 1)
    setFile(null)
    setContent('')
    setUrl('')
    setProblems({})
    formRef.current?.reset()
  }
  const add = async () => {
    const next = {
      language: language ? undefined : 'Choose the track’s language.',
      source: subtitleSourceProblem(source) ?? undefined,
    }
    setProblems(next)
    if (next.language || next.source || !language || !source) return false
    try {
      await actions.add.mutateAsync({ language, isCc, source })
      toast(`Added the ${languageName(language)} track.`, { tone: 'success' })
      clear()
      return true
    } catch (error) {
      setProblems({ server: `The service refused it: ${toServiceError(error).message}` })
      return false
    }
  }
  // A track begun and not added yet is an unsaved change: the page's bar adds or drops it, and
  // leaving asks first.
  const begun = language !== null || isCc || file !== null || content !== '' || url !== ''
  useDraft('new-subtitle', 'subtitles', {
    labels: ['New subtitle track'],
    count: begun ? 1 : 0,
    save: add,
    discard: clear,
  })

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void add()
      }}
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Add a subtitle track
      </h3>
      <RoleLock reason={adding.reason} className="space-y-3">
        <LanguagePicker
          key={round}
          value={language}
          onChange={setLanguage}
          error={problems.language}
        />
        <CheckboxShell id={`${id}-cc`} label="Closed captions (describes sounds as well as speech)">
          {(a11y) => (
            <Checkbox
              {...a11y}
              checked={isCc}
              onChange={(event) => setIsCc(event.target.checked)}
            />
          )}
        </CheckboxShell>
        <RadioGroup<SourceKind>
          legend="Source"
          layout="row"
          value={kind}
          onValueChange={setKind}
          options={sourceOptions}
        />
        {kind === 'file' ? (
          <FieldShell
            id={`${id}-file`}
            label="Subtitle file"
            hint=".vtt or .srt, at most 5 MB"
            error={problems.source}
          >
            {(a11y) => (
              <input
                {...a11y}
                type="file"
                accept=".vtt,.srt,text/vtt"
                className="block text-sm"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </FieldShell>
        ) : kind === 'text' ? (
          <FieldShell
            id={`${id}-text`}
            label="Subtitle text"
            hint="WebVTT or SubRip, at most 5 MB"
            error={problems.source}
          >
            {(a11y) => (
              <TextArea
                {...a11y}
                rows={6}
                value={content}
                onChange={(event) => setContent(event.target.value)}
              />
            )}
          </FieldShell>
        ) : (
          <FieldShell
            id={`${id}-url`}
            label="Subtitle file address"
            hint="http(s), ending .vtt or .srt"
            error={problems.source}
          >
            {(a11y) => (
              <TextInput
                {...a11y}
                type="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                autoComplete="off"
              />
            )}
          </FieldShell>
        )}
      </RoleLock>
      {problems.server ? (
        <p role="alert" className={errorClasses}>
          {problems.server}
        </p>
      ) : null}
      <Button
        type="submit"
        unavailableReason={adding.reason}
        busy={actions.add.isPending}
        busyLabel="Adding…"
      >
        Add track
      </Button>
    </form>
  )
}
