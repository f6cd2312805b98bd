import { expect, it } from 'vitest'
import { calibrateThrottle, settleThrottle } from '../../../bench/reference/throttle.ts'

// Chromium's throttle slows more than asked: here, as measured on this project's machines, a
// page slowed by r runs as if slowed by 1.2 r. The rate is corrected until the page reads the
// reference device's 1,000.
const overSlowing = (hostIndex: number) => {
  const asked: number[] = []
  const measure = async (rate: number) => {
    asked.push(rate)
    return hostIndex / (rate * 1.2)
  }
  return { asked, measure }
}

it('corrects the rate until a slowed page reads the reference index', async () => {
  const { asked, measure } = overSlowing(2400)
  const throttle = await calibrateThrottle(2400, measure)
  expect(asked[0]).toBe(2.4)
  expect(throttle.rate).toBeCloseTo(2)
  expect(throttle.underThrottle).toBeCloseTo(1000)
})

it('keeps the rate whose page read closest to the reference when the readings never settle', async () => {
  const readings = [700, 1400, 1250, 1350]
  const throttle = await calibrateThrottle(2000, async () => readings.shift() ?? 0)
  // 2 read 700, 1.4 read 1,400, 1.96 read 1,250, 2.45 read 1,350.
  expect(throttle.underThrottle).toBe(1250)
  expect(throttle.rate).toBeCloseTo(1.96)
})

it('does not slow a host no faster than the reference, nor one the correction brings to it', async () => {
  const { asked, measure } = overSlowing(950)
  expect(await calibrateThrottle(950, measure)).toEqual({ rate: 1, underThrottle: null })
  expect(asked).toEqual([])
  const barely = overSlowing(1100)
  const throttle = await calibrateThrottle(1100, barely.measure)
  expect(barely.asked).toEqual([1.1])
  expect(throttle).toEqual({ rate: 1.1, underThrottle: 1100 / (1.1 * 1.2) })
})

it('slows a page to any index asked for, as two speeds plays a slower machine', async () => {
  const { asked, measure } = overSlowing(1600)
  const throttle = await calibrateThrottle(1600, measure, 800)
  expect(asked[0]).toBe(2)
  expect(throttle.underThrottle).toBeCloseTo(800, -1)
})

it('sets the rate again from a fresh reading of the host when the host moved while it was set', async () => {
  // The first attempt's pages read far from 1,000 (the host was changing speed); the host then
  // reads 1,600 and holds, and the second attempt settles.
  const moving = [700, 1400, 1250, 1350]
  const settled = overSlowing(1600)
  const hostReadings: number[] = []
  const throttle = await settleThrottle(
    2000,
    async () => {
      hostReadings.push(1600)
      return 1600
    },
    async (rate, hostIndex) => (hostIndex === 2000 ? (moving.shift() ?? 0) : settled.measure(rate)),
  )
  expect(hostReadings).toEqual([1600])
  expect(throttle.hostIndex).toBe(1600)
  expect(throttle.underThrottle).toBeCloseTo(1000, -1)
})

it('does not measure the host again when the first attempt settles', async () => {
  const { measure } = overSlowing(2400)
  let readings = 0
  const throttle = await settleThrottle(
    2400,
    async () => {
      readings++
      return 2400
    },
    (rate) => measure(rate),
  )
  expect(readings).toBe(0)
  expect(throttle).toMatchObject({ hostIndex: 2400, rate: expect.closeTo(2) })
})
