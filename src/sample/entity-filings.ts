/**
 * All filings listed under one generated entity: its own, year by year from its plan, plus, for an issuer,
 * the Forms 3, 4 and 5 its insiders filed (replayed from the insiders' own plans, so both listings carry
 * the same accession numbers).
 */
import { asIssuerListing, type FilerContext, type Filing, filingsOfYear } from './filings.ts'
import { OWNERSHIP_FORMS } from './forms.ts'
import { yearPlans } from './plan.ts'
import { type Population, traitsOf } from './population.ts'
import { baseTraits, type Kind, type Traits } from './traits.ts'

function contextOf(pop: Population, t: Traits, docPrefix: string): FilerContext {
  if (t.issuer < 0) return { seed: pop.seed, t, issuer: null, docPrefix, lastDay: pop.lastDay }
  const cik = pop.cik[t.issuer]!
  const listed = baseTraits(pop.seed, cik, pop.kind[t.issuer]! as Kind, pop.lastDay).listed
  return { seed: pop.seed, t, issuer: { cik, listed }, docPrefix, lastDay: pop.lastDay }
}

export function ownFilings(
  pop: Population,
  i: number,
  t: Traits,
  docPrefix: string,
  keep?: ReadonlySet<string>,
): Filing[] {
  const ctx = contextOf(pop, t, docPrefix)
  const plans = yearPlans(pop.seed, t, ctx.issuer?.cik ?? 0)
  const row = pop.yearStart[i]!
  const out: Filing[] = []
  plans.forEach((plan, k) => {
    for (const f of filingsOfYear(ctx, plan, pop.agentBase[row + k]!, pop.secBase[row + k]!, keep)) out.push(f)
  })
  return out
}

/** The ownership filings of an issuer's insiders, as listed under the issuer. */
export function insiderListings(pop: Population, issuer: number): Filing[] {
  const out: Filing[] = []
  for (let k = pop.insiderStart[issuer]!; k < pop.insiderStart[issuer + 1]!; k++) {
    const j = pop.insiders[k]!
    for (const f of ownFilings(pop, j, traitsOf(pop, j), '', OWNERSHIP_FORMS)) out.push(asIssuerListing(f, pop.cik[j]))
  }
  return out
}
