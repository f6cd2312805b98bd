// The channel last shown, so the next visit can ask for its videos before the channels answer.
const STORAGE_KEY = 'last-channel'

export function rememberedChannel(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

export function rememberChannel(channelId: string) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, channelId)
  } catch {
    // Storage full or refused (private mode): the next visit waits for the channels, nothing worse.
  }
}
