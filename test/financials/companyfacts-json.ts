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
