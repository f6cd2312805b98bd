import { useNavigate } from '@tanstack/react-router'
import { Select } from '../ui/select'
import { useCurrentChannel } from './use-current-channel'

export function ChannelSwitcher() {
  const { channels, current } = useCurrentChannel()
  const navigate = useNavigate()
  if (channels.length < 2) return null
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700">
      Channel
      <Select
        controlSize="sm"
        className="max-w-44"
        value={current}
        onChange={(event) =>
          navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({ ...prev, channel: event.target.value }),
          })
        }
      >
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name ?? `@${channel.username}`}
          </option>
        ))}
      </Select>
    </label>
  )
}
