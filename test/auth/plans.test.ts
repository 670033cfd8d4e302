import { describe, expect, test } from 'bun:test'
import { DEFAULT_PLANS, PlanConfigError, planNames, resolvePlans } from '../../src/auth/plans.ts'

describe('resolvePlans', () => {
  test('without overrides gives the default plans and limits', () => {
    expect(resolvePlans()).toEqual({
      FREE: { level: 0, perMinute: 10, perHour: 30, perDay: 50 },
      LITE: { level: 1, perMinute: 500, perHour: 5_000, perDay: 50_000 },
      PRO: { level: 2, perMinute: 5_000, perHour: 50_000, perDay: 500_000 },
      ENTERPRISE: { level: 3, perMinute: 20_000, perHour: 200_000, perDay: 2_000_000 },
    })
  })

  test('merges a changed limit over its plan and adds a new plan', () => {
    const plans = resolvePlans({
      FREE: { perMinute: 60 },
      TEAM: { level: 1.5, perMinute: 1000, perHour: 10000, perDay: 100000 },
    })
    expect(plans.FREE).toEqual({ level: 0, perMinute: 60, perHour: 30, perDay: 50 })
    expect(plans.TEAM).toEqual({ level: 1.5, perMinute: 1000, perHour: 10000, perDay: 100000 })
    expect(plans.LITE).toEqual(DEFAULT_PLANS.LITE)
    expect(planNames(plans)).toBe('FREE, LITE, TEAM, PRO, ENTERPRISE')
  })

  test.each([
    [{ FREE: { perMinute: 'x' } }, 'plans.FREE.perMinute: expected integer, got "x"'],
    [{ FREE: { perMinute: 0 } }, 'plans.FREE.perMinute: expected integer to be greater or equal to 1, got 0'],
    [{ FREE: { perMinut: 5 } }, 'plans.FREE.perMinut: is not a known field'],
    [{ team: { level: 1 } }, 'plans.team: plan names are upper case letters, digits and _'],
    [
      { TEAM: { level: 1, perMinute: 5 } },
      'plans.TEAM.perHour: is missing\nplans.TEAM.perDay: is missing\n(a new plan must set level, perMinute, perHour and perDay)',
    ],
    [[], 'plans: expected object, got []'],
  ])('a bad override names the field: %j', (overrides, message) => {
    expect(() => resolvePlans(overrides)).toThrow(PlanConfigError)
    expect(() => resolvePlans(overrides)).toThrow(message)
  })
})
