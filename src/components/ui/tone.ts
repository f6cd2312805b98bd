/**
 * What a message or mark means, the same five words in every part of the kit. The text carries
 * the meaning; the colour only repeats it.
 */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'
