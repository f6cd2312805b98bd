import { STOPWORDS } from './stopwords.ts'

export type SurfaceWord = { word: string; fromTag: boolean }

const TAG_OR_MENTION = /[#@]([\p{L}\p{M}\p{N}_.'’-]+)/gu
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu
const LATIN_DIACRITICS = /[\u0300-\u036f]/g
const CJK_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u

/** Lowercase, compatibility-fold (full-width letters, ligatures) and drop Latin accents. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(LATIN_DIACRITICS, '').normalize('NFC').toLowerCase()
}

/** `#summerDress`, `#summer_dress`, `SPF50sunscreen` -> summer dress / spf 50 sunscreen. */
export function splitTag(tag: string): string[] {
  const spaced = tag
    .replace(/^[#@]+/, '')
    .replace(/[_.\-'’]+/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
  return plainWords(spaced)
}

function plainWords(text: string): string[] {
  const words: string[] = []
  for (const match of foldText(text).matchAll(WORD)) {
    const word = match[0].replace(/['’]s$/, '').replace(/['’]/g, '')
    for (const part of word.split(CJK_RUN)) {
      if (!part) continue
      if (CJK_ONLY.test(part)) words.push(...cjkBigrams(part))
      else words.push(part)
    }
  }
  return words
}

/** Scripts written without spaces are indexed as overlapping character pairs. */
function cjkBigrams(run: string): string[] {
  const chars = Array.from(run)
  if (chars.length < 2) return chars
  return chars.slice(1).map((char, i) => `${chars[i]}${char}`)
}

/** Words of free text; inline #hashtags and @mentions are split and flagged. */
export function surfaceWords(text: string | null | undefined): SurfaceWord[] {
  if (!text) return []
  const words: SurfaceWord[] = []
  const rest = text.replace(TAG_OR_MENTION, (_match, tag: string) => {
    for (const word of splitTag(tag)) words.push({ word, fromTag: true })
    return ' '
  })
  for (const word of plainWords(rest)) words.push({ word, fromTag: false })
  return words
}

/** Light English stemming: plural endings only, ASCII words only. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (/(?:sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2)
  if (/(?:ss|us|is)$/.test(word)) return word
  if (word.endsWith('s')) return word.slice(0, -1)
  return word
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word)
}

/** The indexed form of a surface word, or null when it carries no signal. */
export function toTerm(word: string): string | null {
  const term = stem(word)
  return isStopword(word) || isStopword(term) ? null : term
}
