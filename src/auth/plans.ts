/**
 * Plans say how much a key may do (requests per minute, hour and day) and how it ranks (`level`) when
 * an operation names a minimum plan. The defaults are in docs/operating.md (Keys and plans); the keys file's optional
 * `plans` object is merged over them, so a self-hosted operator can change a limit or add a plan
 * without a release.
 */
import { type Static, type TSchema, Type as t } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** Features a key can hold on top of its plan. Adding one is adding its name here (and rows in access.ts). */
export const FEATURES = ['SEC_API_ENDPOINTS'] as const
export type Feature = (typeof FEATURES)[number]
export const isFeature = (name: string): name is Feature => (FEATURES as readonly string[]).includes(name)

export const Plan = t.Object(
  {
    level: t.Number({
      description: "Rank for minimum-plan checks: a key passes when its plan level is at least the operation's",
    }),
    perMinute: t.Integer({ minimum: 1 }),
    perHour: t.Integer({ minimum: 1 }),
    perDay: t.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)
export type Plan = Static<typeof Plan>
export type Plans = Readonly<Record<string, Plan>>

export const DEFAULT_PLANS = {
  FREE: { level: 0, perMinute: 10, perHour: 30, perDay: 50 },
  LITE: { level: 1, perMinute: 500, perHour: 5_000, perDay: 50_000 },
  PRO: { level: 2, perMinute: 5_000, perHour: 50_000, perDay: 500_000 },
  ENTERPRISE: { level: 3, perMinute: 20_000, perHour: 200_000, perDay: 2_000_000 },
} as const satisfies Plans

/** The plans an operation can require; operator-added plans rank between them by level. */
export type BuiltInPlan = keyof typeof DEFAULT_PLANS

const PLAN_NAME = '^[A-Z][A-Z0-9_]*$'

/** The keys file's `plans` object: per plan, the fields to change. A new plan must give all four. */
export const PlanOverrides = t.Record(t.String({ pattern: PLAN_NAME }), t.Partial(Plan), {
  additionalProperties: false,
})
export type PlanOverrides = Static<typeof PlanOverrides>

export class PlanConfigError extends Error {}

/**
 * TypeBox's complaints about `value`, one line each, naming the field the way a person writes it
 * (`plans.TEAM.perHour`, `keys[2].plan`) and quoting what was there.
 */
export function schemaProblems(schema: TSchema, value: unknown, root: string): string[] {
  const byField = new Map<string, string>()
  for (const e of Value.Errors(schema, value)) {
    const parts = e.path.split('/').slice(1)
    const field =
      parts
        .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : `${acc}.${part}`), root)
        .replace(/^\./, '') || 'the top level'
    const got = parts.reduce<unknown>((v, part) => (v as Record<string, unknown> | undefined)?.[part], value)
    const detail =
      e.message === 'Unexpected property'
        ? 'is not a known field'
        : e.message === 'Expected required property'
          ? 'is missing'
          : `${e.message.toLowerCase()}, got ${JSON.stringify(got)}`
    // A missing field also fails its type check; the first complaint is the useful one.
    if (!byField.has(field)) byField.set(field, `${field}: ${detail}`)
  }
  return [...byField.values()]
}

/** The defaults with the operator's overrides merged over them; throws PlanConfigError naming each bad field. */
export function resolvePlans(overrides: unknown = {}): Plans {
  const problems = schemaProblems(PlanOverrides, overrides, 'plans').map((p) =>
    // The only unexpected property one level down is a plan name that breaks the naming rule.
    /^plans\.[^.]+: is not a known field$/.test(p)
      ? p.replace('is not a known field', `plan names are upper case letters, digits and _ (${PLAN_NAME})`)
      : p,
  )
  if (problems.length) throw new PlanConfigError(problems.join('\n'))
  const merged: Record<string, Plan> = { ...DEFAULT_PLANS }
  for (const [name, fields] of Object.entries(overrides as PlanOverrides)) {
    const plan = { ...merged[name], ...fields }
    const missing = schemaProblems(Plan, plan, `plans.${name}`)
    if (missing.length)
      throw new PlanConfigError(`${missing.join('\n')}\n(a new plan must set level, perMinute, perHour and perDay)`)
    merged[name] = plan as Plan
  }
  return merged
}

/** Plan names as a sentence fragment for messages: "FREE, LITE, PRO, ENTERPRISE". */
export const planNames = (plans: Plans) =>
  Object.entries(plans)
    .sort(([, a], [, b]) => a.level - b.level)
    .map(([name]) => name)
    .join(', ')
