import type * as z from 'zod'

// Plain-language messages for the rules the generated contract schemas carry (lengths, list sizes,
// URL formats). Messages written on a rule itself win over these.
export const contractErrorMap: z.core.$ZodErrorMap = (issue) => {
  const [field, , part] = issue.path ?? []
  switch (issue.code) {
    case 'too_big':
      if (field === 'custom_fields' && part === 'value') {
        return `Values can have at most ${issue.maximum} characters.`
      }
      if (field === 'hashtags') {
        return issue.origin === 'array'
          ? `Use at most ${issue.maximum} hashtags.`
          : `Each hashtag can have at most ${issue.maximum} characters.`
      }
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`
      if (issue.origin === 'array') return `Use at most ${issue.maximum} entries.`
      return undefined
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'This cannot be empty.'
      return undefined
    case 'invalid_format':
      if (issue.format === 'url' || issue.pattern?.includes('https?')) {
        return 'Enter a web address that starts with http:// or https://.'
      }
      return undefined
    default:
      return undefined
  }
}
