import { useEffect, useState } from 'react'
import { accessLabels } from '@/lib/video-facts'
import type { VideoSearch } from '@/lib/video-search'
import { Select } from '../ui/select'
import { TextInput } from '../ui/text-input'

type FilterKey = 'status' | 'access' | 'published' | 'archived' | 'type'

const selects: Array<{ key: FilterKey; label: string; options: Array<[string, string]> }> = [
  {
    key: 'status',
    label: 'Processing',
    options: [
      ['approved', 'Ready'],
      ['pending', 'Processing'],
      ['errored', 'Failed'],
    ],
  },
  {
    key: 'published',
    label: 'Publication',
    options: [
      ['true', 'Live'],
      ['false', 'Draft or scheduled'],
    ],
  },
  {
    key: 'access',
    label: 'Access',
    options: Object.entries(accessLabels),
  },
  {
    key: 'type',
    label: 'Type',
    options: [
      ['video', 'Video'],
      ['live_stream', 'Live stream'],
    ],
  },
  { key: 'archived', label: 'Archive', options: [['true', 'Archived only']] },
]

function toValue(key: FilterKey, raw: string): VideoSearch[FilterKey] {
  if (raw === '') return undefined
  if (key === 'published' || key === 'archived') return raw === 'true'
  return raw as VideoSearch[FilterKey]
}

export function FiltersBar({
  search,
  onChange,
}: {
  search: VideoSearch
  onChange: (patch: Partial<VideoSearch>) => void
}) {
  const [hashtag, setHashtag] = useState(search.hashtag ?? '')
  useEffect(() => setHashtag(search.hashtag ?? ''), [search.hashtag])
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filters</legend>
      {selects.map((select) => (
        <div key={select.key} className="flex flex-col text-xs font-medium text-slate-700">
          <label htmlFor={`filter-${select.key}`}>{select.label}</label>
          <Select
            id={`filter-${select.key}`}
            value={search[select.key] === undefined ? '' : String(search[select.key])}
            onChange={(event) =>
              onChange({ [select.key]: toValue(select.key, event.target.value) })
            }
            controlSize="sm"
            className="mt-1 font-normal"
          >
            <option value="">{select.key === 'archived' ? 'Not archived' : 'Any'}</option>
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      ))}
      <form
        className="flex flex-col text-xs font-medium text-slate-700"
        onSubmit={(event) => {
          event.preventDefault()
          onChange({ hashtag: hashtag.trim() || undefined })
        }}
      >
        <label htmlFor="hashtag-filter">Hashtag (exact; # counts)</label>
        <div className="mt-1 flex gap-1">
          <TextInput
            id="hashtag-filter"
            value={hashtag}
            onChange={(event) => setHashtag(event.target.value)}
            onBlur={() => onChange({ hashtag: hashtag.trim() || undefined })}
            placeholder="#summer"
            controlSize="sm"
            className="w-32 font-normal"
          />
        </div>
      </form>
    </fieldset>
  )
}
