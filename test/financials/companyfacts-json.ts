/** A fact of a companyfacts JSON file as the SEC writes it (`start` on duration facts only, `frame` on one fact per calendar frame). */
export type CompanyFact = {
  start?: string
  end: string
  val: number
  accn: string
  fy: number | null
  fp: string | null
  form: string
  filed: string
  frame?: string
}

type Filed = { end: string; filed: string; accn: string }

/**
 * Each instant's fact from the latest filing that reports it (by `filed`, then accession number: the
 * series' rule 1), in date order: what a raw instant series answers, read here from the file itself.
 */
export function latestByEnd<F extends Filed>(facts: F[]): F[] {
  const latest = new Map<string, F>()
  for (const f of facts) {
    const seen = latest.get(f.end)
    if (!seen || seen.filed < f.filed || (seen.filed === f.filed && seen.accn < f.accn)) latest.set(f.end, f)
  }
  return [...latest.values()].sort((a, b) => a.end.localeCompare(b.end))
}

/**
 * The `firstReported` a point answers when its filings gave it more than one value (`changes`: its filings'
 * values in filing order, repeats dropped), else null; `accepted` as the test expects that filing's time.
 */
export function firstReportedOf(changes: CompanyFact[], accepted: unknown) {
  const first = changes[0]!
  return changes.length > 1
    ? {
        value: first.val,
        adsh: first.accn,
        form: first.form,
        filed: Number(first.filed.replaceAll('-', '')),
        accepted,
      }
    : null
}
