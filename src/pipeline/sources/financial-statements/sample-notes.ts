/**
 * The detail facts of the notes to the financial statements in the sample's FSDS filings: income taxes,
 * debt, leases, share-based pay, property and segments. Real filings report several hundred facts, most
 * of them in the notes, many of them dimensional (a segment's operating income, a debt instrument's face
 * amount); the `num` volume of the real data sets (some 3 million rows a quarter) comes from them. Only
 * generated companies carry them: the fixed cast's filings stay small enough to assert whole.
 *
 * None of these tags is a canonical metric's source (src/reference/canonical-metrics.json) except on a
 * dimension, which a canonical value never reads; so they add volume and realism without moving a metric.
 */
import { type Line, meta, TAG_META } from './sample-lines.ts'
import type { Balances, Flows } from './sample-model.ts'

/** One note's detail report: its presented lines (a member list makes a line one row per member). */
export type NoteReport = { lines: Line[] }

const share = (x: number, f: number) => Math.round((x * f) / 1000) * 1000
const rate = (x: number) => Math.round(x * 10_000) / 10_000
const taxBase = (x: Flows) => Math.abs(x.incomeTax) + 1000

/** A line of a flow (the period's) or of a balance (the period end's), with its unit or members when not plain. */
const flow = (tag: string, label: string, value: (x: Flows) => number, more: Partial<Line> = {}): Line => ({
  tag,
  label,
  flow: value,
  ...more,
})
const balance = (tag: string, label: string, value: (x: Balances) => number, more: Partial<Line> = {}): Line => ({
  tag,
  label,
  balance: value,
  ...more,
})
const on = (axis: string, ...names: string[]) => ({ members: { axis, names } })

const DEBT = on('LongtermDebtType', 'SeniorNotesDue2028', 'SeniorNotesDue2031', 'TermLoan', 'RevolvingCreditFacility')
const SEGMENTS = on('BusinessSegments', 'Industrial', 'Commercial', 'Residential')
const MATURITIES: [string, string, number][] = [
  ['InNextTwelveMonths', 'Next twelve months', 0.08],
  ['InYearTwo', 'Year two', 0.12],
  ['InYearThree', 'Year three', 0.15],
  ['InYearFour', 'Year four', 0.15],
  ['InYearFive', 'Year five', 0.2],
  ['AfterYearFive', 'Thereafter', 0.31],
]

export const NOTE_REPORTS: NoteReport[] = [
  {
    lines: [
      flow('CurrentFederalTaxExpenseBenefit', 'Current federal', (x) => share(taxBase(x), 0.55)),
      flow('CurrentStateAndLocalTaxExpenseBenefit', 'Current state', (x) => share(taxBase(x), 0.1)),
      flow('CurrentForeignTaxExpenseBenefit', 'Current foreign', (x) => share(taxBase(x), 0.15)),
      flow('DeferredFederalIncomeTaxExpenseBenefit', 'Deferred federal', (x) => share(taxBase(x), 0.14)),
      flow('DeferredForeignIncomeTaxExpenseBenefit', 'Deferred foreign', (x) => share(taxBase(x), 0.06)),
      flow(
        'EffectiveIncomeTaxRateContinuingOperations',
        'Effective tax rate',
        (x) => rate(x.incomeBeforeTax ? x.incomeTax / x.incomeBeforeTax : 0.21),
        { uom: 'pure' },
      ),
      balance('DeferredTaxAssetsGross', 'Gross deferred tax assets', (x) => share(x.assets, 0.031)),
      balance('DeferredTaxAssetsValuationAllowance', 'Valuation allowance', (x) => share(x.assets, 0.004)),
      balance('DeferredTaxLiabilities', 'Total deferred tax liabilities', (x) => share(x.assets, 0.022)),
      balance('UnrecognizedTaxBenefits', 'Gross unrecognized tax benefits', (x) => share(x.assets, 0.006)),
      balance(
        'OperatingLossCarryforwards',
        'Net operating loss carryforwards',
        (x) => share(x.assets, 0.012),
        on('IncomeTaxAuthority', 'Domestic', 'Foreign', 'StateAndLocal'),
      ),
    ],
  },
  {
    lines: [
      balance('DebtInstrumentCarryingAmount', 'Total term debt', (x) => x.longTermDebt),
      balance('DebtInstrumentFaceAmount', 'Principal amount', (x) => share(x.longTermDebt, 1.01)),
      balance('LongTermDebtFairValue', 'Fair value of term debt', (x) => share(x.longTermDebt, 0.97)),
      ...MATURITIES.map(([when, label, f]) =>
        balance(`LongTermDebtMaturitiesRepaymentsOfPrincipal${when}`, label, (x) => share(x.longTermDebt, f)),
      ),
      balance('DebtInstrumentFaceAmount', 'Principal amount by instrument', (x) => share(x.longTermDebt, 1.01), DEBT),
      balance('DebtInstrumentCarryingAmount', 'Carrying amount by instrument', (x) => x.longTermDebt, DEBT),
      balance('DebtInstrumentInterestRateStatedPercentage', 'Stated interest rate', () => 0.0425, {
        uom: 'pure',
        ...DEBT,
      }),
    ],
  },
  {
    lines: [
      flow('OperatingLeaseCost', 'Operating lease cost', (x) => share(x.revenue, 0.012)),
      flow('OperatingLeasePayments', 'Operating lease payments', (x) => share(x.revenue, 0.011)),
      balance('LesseeOperatingLeaseLiabilityPaymentsDue', 'Total lease payments', (x) => share(x.assets, 0.04)),
      balance('OperatingLeaseWeightedAverageDiscountRatePercent', 'Weighted-average discount rate', () => 0.031, {
        uom: 'pure',
      }),
    ],
  },
  {
    lines: [
      balance(
        'ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingNumber',
        'Options outstanding',
        (x) => Math.round(x.commonStock / 2000) * 10 + 10_000,
        { uom: 'shares' },
      ),
      balance(
        'EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognized',
        'Unrecognized compensation cost',
        (x) => share(x.equity, 0.02),
        on('AwardType', 'RestrictedStockUnitsRSU', 'EmployeeStockOption', 'PerformanceShares'),
      ),
      flow(
        'EmployeeServiceShareBasedCompensationTaxBenefitFromCompensationExpense',
        'Tax benefit from share-based compensation',
        (x) => share(x.shareBasedCompensation, 0.21),
      ),
    ],
  },
  {
    lines: [
      balance('PropertyPlantAndEquipmentGross', 'Gross property, plant and equipment', (x) => share(x.ppe, 1.6)),
      balance(
        'AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment',
        'Accumulated depreciation',
        (x) => share(x.ppe, 0.6),
      ),
      balance(
        'PropertyPlantAndEquipmentGross',
        'Gross property by class',
        (x) => share(x.ppe, 1.6),
        on(
          'PropertyPlantAndEquipmentByType',
          'Land',
          'BuildingsAndImprovements',
          'MachineryAndEquipment',
          'ConstructionInProgress',
          'Software',
        ),
      ),
    ],
  },
  {
    // Segment results beside the segment revenue the income statement already splits.
    lines: [
      flow('OperatingIncomeLoss', 'Segment operating income', (x) => x.operatingIncome, SEGMENTS),
      flow('CostOfRevenue', 'Segment cost of sales', (x) => x.costOfRevenue, SEGMENTS),
      flow('DepreciationDepletionAndAmortization', 'Segment depreciation', (x) => x.depreciation, SEGMENTS),
      flow('PaymentsToAcquirePropertyPlantAndEquipment', 'Segment capital expenditure', (x) => x.capex, SEGMENTS),
      balance('Assets', 'Segment assets', (x) => x.assets, SEGMENTS),
    ],
  },
]

for (const { lines } of NOTE_REPORTS)
  for (const l of lines)
    if (!TAG_META[l.tag])
      meta(
        l.tag,
        l.uom === 'shares' ? 'shares' : l.uom === 'pure' ? 'percent' : 'monetary',
        l.balance ? 'I' : 'D',
        l.balance ? 'D' : 'C',
      )
