// The channel a visit without one in the URL showed last (the business's first), so the next such
// visit can ask for its videos before the channels answer.
const STORAGE_KEY = 'default-channel'

export function rememberedDefaultChannel(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

export function rememberDefaultChannel(channelId: string) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, channelId)
  } catch {
    // Storage full or refused (private mode): the next visit waits for the channels, nothing worse.
  }
}
