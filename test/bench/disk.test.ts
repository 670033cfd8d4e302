/**
 * The build's peak disk (scripts/bench/disk.ts): the largest drop of free space below what was free at the
 * start, whatever comes back later (a pruned snapshot), and nothing when space only grows.
 */
import { expect, test } from 'bun:test'
import { DiskSampler } from '../../scripts/bench/disk.ts'

/** A sampler over free-space readings given in turn (the first is the start), sampled once per reading. */
function peakOf(readings: number[]) {
  let i = 0
  const sampler = new DiskSampler('.', () => readings[Math.min(i++, readings.length - 1)]!)
  for (let n = 1; n < readings.length; n++) sampler.sample()
  return sampler.peakBytes
}

test('the peak is the largest drop below the free space at the start, kept when space comes back', () => {
  expect(peakOf([100, 90, 40, 70, 95])).toBe(60)
})

test('space that only grows is no peak', () => {
  expect(peakOf([100, 120, 130])).toBe(0)
})

test('on a real file system it starts from what is free now', () => {
  const sampler = new DiskSampler('.')
  expect(sampler.startFreeBytes).toBeGreaterThan(0)
  expect(sampler.peakBytes).toBe(0)
})
