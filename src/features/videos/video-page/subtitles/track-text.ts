// What a player's <track> needs is WebVTT; SubRip differs in its header and the decimal comma
// of its times. Any other text is returned as it is (the service has checked it).
export function toWebVtt(text: string): string {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  if (/^WEBVTT(\s|$)/.test(clean)) return clean
  return `WEBVTT\n\n${clean.replace(/(\d{1,2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')}`
}
