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

/** One note's detail report: its presented lines (a member list makes a line one row per member). */
export type NoteReport = { lines: Line[] }

const share = (x: number, f: number) => Math.round((x * f) / 1000) * 1000
const rate = (x: number) => Math.round(x * 10_000) / 10_000
const taxBase = (x: { incomeTax: number }) => Math.abs(x.incomeTax) + 1000

export const NOTE_REPORTS: NoteReport[] = [
  {
    lines: [
      { tag: 'CurrentFederalTaxExpenseBenefit', label: 'Current federal', flow: (x) => share(taxBase(x), 0.55) },
      { tag: 'CurrentStateAndLocalTaxExpenseBenefit', label: 'Current state', flow: (x) => share(taxBase(x), 0.1) },
      { tag: 'CurrentForeignTaxExpenseBenefit', label: 'Current foreign', flow: (x) => share(taxBase(x), 0.15) },
      {
        tag: 'DeferredFederalIncomeTaxExpenseBenefit',
        label: 'Deferred federal',
        flow: (x) => share(taxBase(x), 0.14),
      },
      {
        tag: 'DeferredForeignIncomeTaxExpenseBenefit',
        label: 'Deferred foreign',
        flow: (x) => share(taxBase(x), 0.06),
      },
      {
        tag: 'EffectiveIncomeTaxRateContinuingOperations',
        label: 'Effective tax rate',
        flow: (x) => rate(x.incomeBeforeTax ? x.incomeTax / x.incomeBeforeTax : 0.21),
        uom: 'pure',
      },
      { tag: 'DeferredTaxAssetsGross', label: 'Gross deferred tax assets', balance: (x) => share(x.assets, 0.031) },
      {
        tag: 'DeferredTaxAssetsValuationAllowance',
        label: 'Valuation allowance',
        balance: (x) => share(x.assets, 0.004),
      },
      {
        tag: 'DeferredTaxLiabilities',
        label: 'Total deferred tax liabilities',
        balance: (x) => share(x.assets, 0.022),
      },
      {
        tag: 'UnrecognizedTaxBenefits',
        label: 'Gross unrecognized tax benefits',
        balance: (x) => share(x.assets, 0.006),
      },
      {
        tag: 'OperatingLossCarryforwards',
        label: 'Net operating loss carryforwards',
        balance: (x) => share(x.assets, 0.012),
        members: { axis: 'IncomeTaxAuthority', names: ['Domestic', 'Foreign', 'StateAndLocal'] },
      },
    ],
  },
  {
    lines: [
      { tag: 'DebtInstrumentCarryingAmount', label: 'Total term debt', balance: (x) => x.longTermDebt },
      { tag: 'DebtInstrumentFaceAmount', label: 'Principal amount', balance: (x) => share(x.longTermDebt, 1.01) },
      { tag: 'LongTermDebtFairValue', label: 'Fair value of term debt', balance: (x) => share(x.longTermDebt, 0.97) },
      ...[
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalInNextTwelveMonths', 'Next twelve months', 0.08],
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalInYearTwo', 'Year two', 0.12],
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalInYearThree', 'Year three', 0.15],
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalInYearFour', 'Year four', 0.15],
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalInYearFive', 'Year five', 0.2],
        ['LongTermDebtMaturitiesRepaymentsOfPrincipalAfterYearFive', 'Thereafter', 0.31],
      ].map(([tag, label, f]) => ({
        tag: tag as string,
        label: label as string,
        balance: (x: { longTermDebt: number }) => share(x.longTermDebt, f as number),
      })),
      ...(
        [
          ['DebtInstrumentFaceAmount', 'Principal amount by instrument', 1.01],
          ['DebtInstrumentCarryingAmount', 'Carrying amount by instrument', 1],
        ] as const
      ).map(([tag, label, f]) => ({
        tag,
        label,
        balance: (x: { longTermDebt: number }) => share(x.longTermDebt, f),
        members: {
          axis: 'LongtermDebtType',
          names: ['SeniorNotesDue2028', 'SeniorNotesDue2031', 'TermLoan', 'RevolvingCreditFacility'],
        },
      })),
      {
        tag: 'DebtInstrumentInterestRateStatedPercentage',
        label: 'Stated interest rate',
        balance: () => 0.0425,
        uom: 'pure',
        members: {
          axis: 'LongtermDebtType',
          names: ['SeniorNotesDue2028', 'SeniorNotesDue2031', 'TermLoan', 'RevolvingCreditFacility'],
        },
      },
    ],
  },
  {
    lines: [
      { tag: 'OperatingLeaseCost', label: 'Operating lease cost', flow: (x) => share(x.revenue, 0.012) },
      { tag: 'OperatingLeasePayments', label: 'Operating lease payments', flow: (x) => share(x.revenue, 0.011) },
      {
        tag: 'LesseeOperatingLeaseLiabilityPaymentsDue',
        label: 'Total lease payments',
        balance: (x) => share(x.assets, 0.04),
      },
      {
        tag: 'OperatingLeaseWeightedAverageDiscountRatePercent',
        label: 'Weighted-average discount rate',
        balance: () => 0.031,
        uom: 'pure',
      },
    ],
  },
  {
    lines: [
      {
        tag: 'ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsOutstandingNumber',
        label: 'Options outstanding',
        balance: (x) => Math.round(x.commonStock / 2000) * 10 + 10_000,
        uom: 'shares',
      },
      {
        tag: 'EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognized',
        label: 'Unrecognized compensation cost',
        balance: (x) => share(x.equity, 0.02),
        members: { axis: 'AwardType', names: ['RestrictedStockUnitsRSU', 'EmployeeStockOption', 'PerformanceShares'] },
      },
      {
        tag: 'EmployeeServiceShareBasedCompensationTaxBenefitFromCompensationExpense',
        label: 'Tax benefit from share-based compensation',
        flow: (x) => share(x.shareBasedCompensation, 0.21),
      },
    ],
  },
  {
    lines: [
      {
        tag: 'PropertyPlantAndEquipmentGross',
        label: 'Gross property, plant and equipment',
        balance: (x) => share(x.ppe, 1.6),
      },
      {
        tag: 'AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment',
        label: 'Accumulated depreciation',
        balance: (x) => share(x.ppe, 0.6),
      },
      {
        tag: 'PropertyPlantAndEquipmentGross',
        label: 'Gross property by class',
        balance: (x) => share(x.ppe, 1.6),
        members: {
          axis: 'PropertyPlantAndEquipmentByType',
          names: ['Land', 'BuildingsAndImprovements', 'MachineryAndEquipment', 'ConstructionInProgress', 'Software'],
        },
      },
    ],
  },
  {
    // Segment results beside the segment revenue the income statement already splits.
    lines: (
      [
        ['OperatingIncomeLoss', 'Segment operating income', (x) => x.operatingIncome],
        ['CostOfRevenue', 'Segment cost of sales', (x) => x.costOfRevenue],
        ['DepreciationDepletionAndAmortization', 'Segment depreciation', (x) => x.depreciation],
        ['PaymentsToAcquirePropertyPlantAndEquipment', 'Segment capital expenditure', (x) => x.capex],
      ] as [string, string, NonNullable<Line['flow']>][]
    )
      .map(
        ([tag, label, flow]): Line => ({
          tag,
          label,
          flow,
          members: { axis: 'BusinessSegments', names: ['Industrial', 'Commercial', 'Residential'] },
        }),
      )
      .concat({
        tag: 'Assets',
        label: 'Segment assets',
        balance: (x) => x.assets,
        members: { axis: 'BusinessSegments', names: ['Industrial', 'Commercial', 'Residential'] },
      }),
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
