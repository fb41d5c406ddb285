/** Deterministic random numbers for demo data: the same seed gives the same Zhejiang. */

/**
 * mulberry32: a small, fast 32-bit PRNG with good enough statistics for demo data.
 * Returns a function yielding numbers in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A seeded PRNG with the draws the demo seed needs. Never Math.random: seeds must be reproducible. */
export class Rng {
  private readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.next()
  }
  /** Uniform in [a, b). */
  range(a: number, b: number): number {
    return a + (b - a) * this.next()
  }
  /** Integer in [a, b]. */
  int(a: number, b: number): number {
    return a + Math.floor((b - a + 1) * this.next())
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }
  /** One item, all equally likely. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }
  /** One item, chosen in proportion to its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0
    for (const w of weights) total += w
    let r = this.next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!
      if (r < 0) return items[i]!
    }
    return items[items.length - 1]!
  }
  /** Normally distributed. */
  normal(mean: number, sd: number): number {
    // Box–Muller; 1 − u keeps log away from 0
    const u = 1 - this.next()
    const v = this.next()
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }
  /** Log-normally distributed around `median`; sigma is the spread of its logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma))
  }
}

/** Limits v to [lo, hi]. */
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
