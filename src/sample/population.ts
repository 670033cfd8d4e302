/**
 * The generated population, in typed arrays so that a million entities cost a few tens of megabytes:
 * CIKs (sorted, spread over EDGAR's range), kinds, activity windows, each insider's issuer and the
 * inverse (each issuer's insiders), and each entity's first accession sequence number per year and lane.
 * Nothing here holds a filing; filings are regenerated from these numbers when they are written.
 */
import { AGENTS } from './agents.ts'
import { FORM_345_START } from './forms.ts'
import { yearPlans } from './plan.ts'
import { hash2, hash3, Rng, unit } from './random.ts'
import { baseTraits, KIND, type Kind, kindOf, type Traits } from './traits.ts'

export const FULL_SCALE_ENTITIES = 950_000
const MAX_CIK = 2_100_000
const FIRST_YEAR = 1990
const YEARS = 45
const MAX_SEQUENCE = 999_999
const SALT_SELECT = 0x5e1e
const SALT_KIND = 0x41d
const SALT_ISSUER = 0x1550

export type Population = {
  seed: number
  lastDay: number
  size: number
  cik: Int32Array
  kind: Uint8Array
  start: Int32Array
  end: Int32Array
  issuer: Int32Array
  /** insiders[insiderStart[i] .. insiderStart[i + 1]) are the entity indexes of issuer i's insiders. */
  insiderStart: Int32Array
  insiders: Int32Array
  /** Plan rows of entity i: yearStart[i] .. yearStart[i + 1], one per active year from its first year. */
  yearStart: Int32Array
  agentBase: Int32Array
  secBase: Int32Array
}

export function traitsOf(pop: Population, i: number): Traits {
  const t = baseTraits(pop.seed, pop.cik[i]!, pop.kind[i]! as Kind, pop.lastDay)
  t.start = pop.start[i]!
  t.end = pop.end[i]!
  t.issuer = pop.issuer[i]!
  return t
}

/** Picks `count` CIKs uniformly from 1..2,100,000 minus the reserved ones (selection sampling: sorted, exact count). */
function selectCiks(seed: number, count: number, reserved: ReadonlySet<number>): Int32Array {
  const out = new Int32Array(count)
  const rng = new Rng(hash2(seed, SALT_SELECT))
  let available = MAX_CIK - [...reserved].filter((c) => c >= 1 && c <= MAX_CIK).length
  let chosen = 0
  for (let c = 1; c <= MAX_CIK && chosen < count; c++) {
    if (reserved.has(c)) continue
    if (rng.next() * available < count - chosen) out[chosen++] = c
    available--
  }
  return out
}

export function buildPopulation(
  seed: number,
  scale: number,
  lastDay: number,
  reserved: ReadonlySet<number>,
): Population {
  const size = Math.max(1, Math.round(FULL_SCALE_ENTITIES * scale))
  const room = MAX_CIK - reserved.size
  if (size > room)
    throw new Error(
      `scale ${scale} asks for ${size.toLocaleString('en-US')} entities, but only ${room.toLocaleString('en-US')} CIKs fit in 1..${MAX_CIK.toLocaleString('en-US')}`,
    )
  const cik = selectCiks(seed, size, reserved)
  const kind = new Uint8Array(size)
  const start = new Int32Array(size)
  const end = new Int32Array(size)
  const issuer = new Int32Array(size).fill(-1)
  const pool: number[] = []
  const poolWeight: number[] = []
  for (let i = 0; i < size; i++) {
    kind[i] = kindOf(cik[i]!, unit(hash3(seed, cik[i]!, SALT_KIND)))
    const t = baseTraits(seed, cik[i]!, kind[i]! as Kind, lastDay)
    start[i] = t.start
    end[i] = t.end
    // Insiders report on domestic reporting companies, mostly listed ones, more often large ones.
    if (t.kind === KIND.operating && t.reporting && !t.foreign && !t.notes) {
      pool.push(i)
      poolWeight.push(t.listed ? 10 * Math.sqrt(t.size / 800) : 1)
    }
  }
  const cumulative = new Float64Array(pool.length)
  poolWeight.reduce((sum, w, k) => (cumulative[k] = sum + w), 0)
  const total = pool.length ? cumulative[pool.length - 1]! : 0
  const poolAt = (u: number) => {
    let lo = 0
    let hi = pool.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cumulative[mid]! > u * total) hi = mid
      else lo = mid + 1
    }
    return pool[lo]!
  }

  for (let i = 0; i < size && pool.length > 0; i++) {
    if (kind[i] !== KIND.individual) continue
    const own: [number, number] = [Math.max(start[i]!, FORM_345_START), end[i]!]
    let chosen = -1
    for (let attempt = 0; attempt < 6 && chosen < 0; attempt++) {
      const j = poolAt(unit(hash3(seed, cik[i]!, SALT_ISSUER + attempt)))
      if (start[j]! <= own[1] && end[j]! >= own[0]) chosen = j
    }
    if (chosen < 0) chosen = poolAt(unit(hash3(seed, cik[i]!, SALT_ISSUER)))
    issuer[i] = chosen
    // An insider files only while the issuer does.
    let s = Math.max(start[i]!, start[chosen]!)
    let e = Math.min(end[i]!, end[chosen]!)
    if (s > e) [s, e] = [Math.max(start[chosen]!, end[chosen]! - 200), end[chosen]!]
    start[i] = s
    end[i] = e
  }

  const [insiderStart, insiders] = invert(issuer, size)
  const pop: Population = {
    seed,
    lastDay,
    size,
    cik,
    kind,
    start,
    end,
    issuer,
    insiderStart,
    insiders,
    yearStart: new Int32Array(size + 1),
    agentBase: new Int32Array(0),
    secBase: new Int32Array(0),
  }
  allocateAccessions(pop)
  return pop
}

/** Counting sort of insiders by issuer: CSR arrays, insiders in CIK order within an issuer. */
function invert(issuer: Int32Array, size: number): [Int32Array, Int32Array] {
  const starts = new Int32Array(size + 1)
  for (let i = 0; i < size; i++) if (issuer[i]! >= 0) starts[issuer[i]! + 1]!++
  for (let i = 0; i < size; i++) starts[i + 1]! += starts[i]!
  const fill = starts.slice(0, size)
  const list = new Int32Array(starts[size]!)
  for (let i = 0; i < size; i++) if (issuer[i]! >= 0) list[fill[issuer[i]!]!++] = i
  return [starts, list]
}

/**
 * Walks every entity in CIK order and hands each its block of sequence numbers per (agent, year) and
 * (SEC, year). Accession numbers are then unique by construction, without a set of all of them.
 */
function allocateAccessions(pop: Population): void {
  const agentNext = new Int32Array(AGENTS.length * YEARS).fill(1)
  const secNext = new Int32Array(YEARS).fill(1)
  let agentBase: Int32Array = new Int32Array(Math.max(1024, pop.size * 12))
  let secBase: Int32Array = new Int32Array(agentBase.length)
  let row = 0
  for (let i = 0; i < pop.size; i++) {
    pop.yearStart[i] = row
    const t = traitsOf(pop, i)
    const issuerCik = t.issuer >= 0 ? pop.cik[t.issuer]! : 0
    for (const plan of yearPlans(pop.seed, t, issuerCik)) {
      if (row >= agentBase.length) {
        agentBase = grow(agentBase)
        secBase = grow(secBase)
      }
      const y = plan.year - FIRST_YEAR
      const a = plan.agent * YEARS + y
      agentBase[row] = agentNext[a]!
      secBase[row] = secNext[y]!
      agentNext[a]! += plan.viaAgent
      secNext[y]! += plan.sec
      if (agentNext[a]! > MAX_SEQUENCE || secNext[y]! > MAX_SEQUENCE) {
        throw new Error(
          `accession sequence overflow in ${plan.year}: too many filings for one agent; use a smaller scale`,
        )
      }
      row++
    }
  }
  pop.yearStart[pop.size] = row
  pop.agentBase = agentBase.subarray(0, row)
  pop.secBase = secBase.subarray(0, row)
}
function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2)
  b.set(a)
  return b
}
