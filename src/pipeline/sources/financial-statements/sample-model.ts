/**
 * The fictional finances behind the sample's FSDS quarters: for one company, a deterministic value of each
 * line per fiscal quarter (flows) or quarter end (balances), from its CIK and the seed alone, so every
 * filing of a company tells the same story (a 10-K's year is the sum of its quarters, a 10-Q's
 * year-to-date the sum of the quarters so far, and cash moves by the cash flow's net change).
 */
import { hash3, unit } from '../../../sample/random.ts'

/** A fiscal quarter as one integer: fiscal year × 4 + (quarter − 1). */
export type FiscalQuarter = number
export const fq = (fy: number, q: number): FiscalQuarter => fy * 4 + (q - 1)

export type Flows = {
  revenue: number
  costOfRevenue: number
  grossProfit: number
  researchAndDevelopment: number
  sellingGeneralAndAdministrative: number
  otherCharges: number
  operatingExpenses: number
  operatingIncome: number
  interestExpense: number
  incomeBeforeTax: number
  incomeTax: number
  netIncome: number
  otherComprehensiveIncome: number
  comprehensiveIncome: number
  depreciation: number
  shareBasedCompensation: number
  cfo: number
  capex: number
  cfi: number
  dividends: number
  cff: number
  netChangeInCash: number
  shares: number
}
export type Balances = {
  cash: number
  receivables: number
  inventory: number
  currentAssets: number
  ppe: number
  goodwill: number
  assets: number
  payables: number
  currentLiabilities: number
  longTermDebt: number
  liabilities: number
  commonStock: number
  retainedEarnings: number
  equity: number
}

const SALT = 0xf5d5
/** Values are in whole thousands, as most filers report them. */
const k = (x: number) => Math.round(x / 1000) * 1000

export class CompanyModel {
  private readonly base: number
  private readonly growth: number
  private readonly costRatio: number
  private readonly cash0: number
  private readonly cashByQuarter = new Map<FiscalQuarter, number>()

  constructor(
    seed: number,
    readonly cik: number,
  ) {
    const h = (i: number) => unit(hash3(seed ^ SALT, cik, i))
    // Quarterly revenue from 2 million to 2 billion, growing 0–12% a year.
    this.base = 2e6 * 10 ** (3 * h(1))
    this.growth = 1 + 0.12 * h(2)
    this.costRatio = 0.35 + 0.35 * h(3)
    this.cash0 = this.base * (0.5 + h(4))
  }

  private noise(q: FiscalQuarter, i: number) {
    return unit(hash3(this.cik, q, i)) - 0.5
  }

  flows(q: FiscalQuarter): Flows {
    const revenue = k(this.base * this.growth ** ((q - fq(2005, 1)) / 4) * (1 + 0.2 * this.noise(q, 1)))
    const costOfRevenue = k(revenue * (this.costRatio + 0.04 * this.noise(q, 2)))
    const grossProfit = revenue - costOfRevenue
    const researchAndDevelopment = k(revenue * 0.08)
    const sellingGeneralAndAdministrative = k(revenue * (0.15 + 0.04 * this.noise(q, 3)))
    const otherCharges = k(revenue * 0.005)
    const operatingExpenses = researchAndDevelopment + sellingGeneralAndAdministrative + otherCharges
    const operatingIncome = grossProfit - operatingExpenses
    const interestExpense = k(revenue * 0.01)
    const incomeBeforeTax = operatingIncome - interestExpense
    const incomeTax = incomeBeforeTax > 0 ? k(incomeBeforeTax * 0.21) : 0
    const netIncome = incomeBeforeTax - incomeTax
    const otherComprehensiveIncome = k(revenue * 0.01 * this.noise(q, 4))
    const depreciation = k(revenue * 0.04)
    const shareBasedCompensation = k(revenue * 0.02)
    const cfo = netIncome + depreciation + shareBasedCompensation + k(revenue * 0.05 * this.noise(q, 5))
    const capex = k(revenue * 0.05)
    const dividends = netIncome > 0 ? k(netIncome * 0.3) : 0
    return {
      revenue,
      costOfRevenue,
      grossProfit,
      researchAndDevelopment,
      sellingGeneralAndAdministrative,
      otherCharges,
      operatingExpenses,
      operatingIncome,
      interestExpense,
      incomeBeforeTax,
      incomeTax,
      netIncome,
      otherComprehensiveIncome,
      comprehensiveIncome: netIncome + otherComprehensiveIncome,
      depreciation,
      shareBasedCompensation,
      cfo,
      capex,
      cfi: -capex,
      dividends,
      cff: -dividends,
      netChangeInCash: cfo - capex - dividends,
      shares: Math.round(this.base / 40),
    }
  }

  /** The sum of the flows of `count` quarters ending with `last`. */
  span(last: FiscalQuarter, count: number): Flows {
    const total = this.flows(last)
    for (let q = last - count + 1; q < last; q++) {
      const f = this.flows(q)
      for (const key of Object.keys(total) as (keyof Flows)[]) if (key !== 'shares') total[key] += f[key]
    }
    return total
  }

  /** Cash at the end of quarter `q`: the opening cash of 2005 plus every net change since. */
  private cash(q: FiscalQuarter): number {
    const known = this.cashByQuarter.get(q)
    if (known !== undefined) return known
    const start = fq(2005, 1) - 1
    let cash = this.cashByQuarter.get(q - 1) ?? (q <= start ? k(this.cash0) : this.cash(q - 1))
    if (q > start) cash += this.flows(q).netChangeInCash
    this.cashByQuarter.set(q, cash)
    return cash
  }

  balances(q: FiscalQuarter): Balances {
    const r = this.flows(q).revenue
    const cash = Math.max(this.cash(q), k(r * 0.1))
    const receivables = k(r * 0.5)
    const inventory = k(r * 0.3)
    const currentAssets = cash + receivables + inventory
    const ppe = k(r * 2)
    const goodwill = k(this.base * 0.8)
    const assets = currentAssets + ppe + goodwill
    const payables = k(r * 0.25)
    const currentLiabilities = payables + k(r * 0.1)
    const longTermDebt = k(this.base * 1.5)
    const liabilities = currentLiabilities + longTermDebt
    const equity = assets - liabilities
    const commonStock = k(this.base * 0.05)
    return {
      cash,
      receivables,
      inventory,
      currentAssets,
      ppe,
      goodwill,
      assets,
      payables,
      currentLiabilities,
      longTermDebt,
      liabilities,
      commonStock,
      retainedEarnings: equity - commonStock,
      equity,
    }
  }
}
