// The video page's sections, in page order: the id is the URL hash that links to one.
export const sections = [
  { id: 'details', label: 'Details' },
  { id: 'products', label: 'Products' },
  { id: 'posters', label: 'Posters' },
  { id: 'subtitles', label: 'Subtitles' },
  { id: 'ai-matching', label: 'AI matching' },
  { id: 'downloads', label: 'Downloads' },
] as const

export type SectionId = (typeof sections)[number]['id']

export const sectionOrder = (id: string) => sections.findIndex((section) => section.id === id)

export const isSectionId = (id: string): id is SectionId => sectionOrder(id) !== -1
