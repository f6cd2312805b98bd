import { type HostSpeed, referenceIndex } from './host-index.ts'

/**
 * How a figure reaches the reference device:
 * - `throttled`: measured with the CPU slowed to the reference (Chromium's throttle on a faster
 *   host, or Lighthouse's simulated slowdown), as it is;
 * - `scaled`: measured at the host's speed and multiplied by `factor` (hostIndex / 1,000);
 * - `unthrottled`: a score measured on a host slower than the reference, which cannot be scaled.
 */
export type Basis = 'throttled' | 'scaled' | 'unthrottled'

export interface Reference {
  basis: Basis
  /** The index of the process that did the timed work (mean of start and end). */
  hostIndex: number
  /** The CPU slowdown applied while measuring; 1 for none. */
  rate: number
  /** What a measured time is multiplied by to give the reference figure; 1 when throttled. */
  factor: number
}

/**
 * The CPU throttling rate for a page on a host of `index`: slowed to the reference when faster
 * (`Emulation.setCPUThrottlingRate(hostIndex / 1000)`), left alone when slower.
 */
export const throttleRate = (index: number) => Math.max(1, index / referenceIndex)

/**
 * Browser-side timings: throttled to the reference when the host was faster at the start (the
 * rate is decided then: `calibrateThrottle`), otherwise measured as they are and scaled like a
 * server's.
 */
export function browserReference(speed: HostSpeed, rate = throttleRate(speed.atStart)): Reference {
  return referenceAt(speed.index, rate)
}

/** Timings of a host of `hostIndex` whose pages were slowed by `rate` (1: not slowed, scaled). */
export function referenceAt(hostIndex: number, rate: number): Reference {
  return rate > 1
    ? { basis: 'throttled', hostIndex, rate, factor: 1 }
    : { basis: 'scaled', hostIndex, rate: 1, factor: hostIndex / referenceIndex }
}

/** Server-side timings: measured at the host's speed, then × hostIndex / 1,000. */
export function serverReference(speed: HostSpeed): Reference {
  return referenceAt(speed.index, 1)
}

export type Preset = 'desktop' | 'mobile'

/**
 * Lighthouse's `cpuSlowdownMultiplier` for a host of `index`: its mobile preset's 4× stands for a
 * phone emulated on a desktop of index 2,000, so hostIndex / 500; its desktop preset hostIndex /
 * 1,000; never below 1.
 */
export const lighthouseMultiplier = (preset: Preset, index: number) =>
  Math.max(1, index / (preset === 'mobile' ? referenceIndex / 2 : referenceIndex))

/**
 * A Lighthouse run's figures, referred by the multiplier it ran with (decided from the index at
 * its start); a score cannot be scaled, so with no slowdown the figure is only marked.
 */
export function lighthouseReference(multiplier: number, hostIndex: number): Reference {
  return {
    basis: multiplier > 1 ? 'throttled' : 'unthrottled',
    hostIndex,
    rate: multiplier,
    factor: 1,
  }
}

/** The reference figure of a time measured under `reference`. */
export const toReference = (reference: Reference, measured: number) => measured * reference.factor

/** How the figure was referred, for a table's last column. */
export function describe(reference: Reference, measured?: string): string {
  if (reference.basis === 'scaled')
    return `${measured ? `measured ${measured} ` : ''}× ${reference.factor.toFixed(2)} (host ${Math.round(reference.hostIndex)})`
  if (reference.basis === 'unthrottled')
    return `not slowed (host ${Math.round(reference.hostIndex)}: too slow to slow further)`
  return `CPU slowed ${reference.rate.toFixed(2)}× (host ${Math.round(reference.hostIndex)})`
}
