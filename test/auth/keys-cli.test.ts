import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { KeyStore } from '../../src/auth/key-store.ts'
import { KEY_PATTERN } from '../../src/auth/keys-file.ts'
import { main } from '../../src/cli.ts'
import { tempDir } from '../helpers/snapshot.ts'

let out: string[]
let err: string[]
let spies: { mockRestore(): void }[]

beforeEach(() => {
  out = []
  err = []
  spies = [
    spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' '))),
    spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' '))),
  ]
})
afterEach(() => {
  for (const s of spies) s.mockRestore()
})

const tempFile = () => join(tempDir('auth'), 'keys.json')

/** Runs `secds keys …`; the printed lines, split. */
async function keys(...argv: string[]) {
  out = []
  err = []
  const code = await main(['keys', ...argv])
  return { code, lines: out.join('\n').split('\n'), errors: err.join('\n') }
}

describe('secds keys', () => {
  test('create prints the key alone on its last line; list never shows it; revoke takes effect', async () => {
    const path = tempFile()
    const created = await keys(
      'create',
      '--plan',
      'lite',
      '--feature',
      'SEC_API_ENDPOINTS',
      '--name',
      'ci',
      '--keys',
      path,
    )
    expect(created.code).toBe(0)
    const key = created.lines.at(-1)!
    expect(key).toMatch(KEY_PATTERN)
    expect(created.lines[0]).toMatch(/^Created key [0-9a-f]{8} "ci" \(plan LITE; features: SEC_API_ENDPOINTS\) in /)
    expect(readFileSync(path, 'utf8')).not.toContain(key)
    const store = new KeyStore(path)
    const id = store.lookup(key)!.id

    await keys('create', '--plan', 'FREE', '--keys', path)
    const listed = await keys('list', '--keys', path)
    expect(listed.code).toBe(0)
    expect(listed.lines[0]).toMatch(/^ID +NAME +PLAN +FEATURES +CREATED +REVOKED$/)
    expect(listed.lines[1]).toMatch(
      new RegExp(`^${id}  ci +LITE  SEC_API_ENDPOINTS  \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  -$`),
    )
    expect(listed.lines[2]).toMatch(/^[0-9a-f]{8} {2}key-[0-9a-f]{8} +FREE {2}- +\S+ {2}-$/)
    expect(listed.lines.join('\n')).not.toContain(key)
    expect(listed.lines.join('\n')).not.toContain(store.lookup(key)!.hash)

    const revoked = await keys('revoke', 'ci', '--keys', path)
    expect(revoked.code).toBe(0)
    expect(revoked.lines[0]).toStartWith(`Revoked key ${id} "ci"`)
    store.reload()
    expect(store.lookup(key)!.revokedAt).toBeString()
    expect((await keys('list', '--keys', path)).lines[1]).toMatch(/Z {2}\d{4}-\d\d-\d\dT\S+Z$/)
    expect((await keys('revoke', id, '--keys', path)).lines[0]).toContain('was already revoked')
  })

  test('--keys defaults to $KEYS_FILE', async () => {
    const path = tempFile()
    const { keysCommand } = await import('../../src/cli/keys.ts')
    await keysCommand(['create', '--plan', 'PRO'], { KEYS_FILE: path })
    expect(new KeyStore(path).lookup(out.at(-1)!)!.plan).toBe('PRO')
  })

  test('a plan added in the keys file can be used', async () => {
    const path = tempFile()
    await keys('create', '--plan', 'FREE', '--keys', path)
    const file = JSON.parse(readFileSync(path, 'utf8'))
    const { writeKeysFile } = await import('../../src/auth/keys-file.ts')
    writeKeysFile(path, { ...file, plans: { TEAM: { level: 1.5, perMinute: 1000, perHour: 10000, perDay: 100000 } } })
    expect((await keys('create', '--plan', 'TEAM', '--keys', path)).code).toBe(0)
    expect(JSON.parse(readFileSync(path, 'utf8')).plans.TEAM.level).toBe(1.5)
  })

  test.each([
    [['create', '--plan', 'GOLD'], 2, 'unknown plan "GOLD"; valid plans: FREE, LITE, PRO, ENTERPRISE'],
    [
      ['create', '--plan', 'FREE', '--feature', 'TURBO'],
      2,
      'unknown feature "TURBO"; valid features: SEC_API_ENDPOINTS',
    ],
    [['create'], 2, 'create needs --plan'],
    [['list', '--plan', 'FREE'], 2, 'list does not take --plan'],
    [['revoke'], 2, 'revoke takes one key id or name'],
    [['rotate'], 2, 'unknown action "rotate": create, list or revoke'],
    [['list'], 1, 'no keys file at'],
  ])('secds keys %j exits %i: %s', async (argv, code, message) => {
    const result = await keys(...argv, '--keys', tempFile())
    expect(result.code).toBe(code)
    expect(result.errors).toContain(message)
  })

  test('revoking a key the file does not hold exits 1', async () => {
    const path = tempFile()
    await keys('create', '--plan', 'FREE', '--name', 'ci', '--keys', path)
    const result = await keys('revoke', 'nobody', '--keys', path)
    expect([result.code, result.errors]).toEqual([
      1,
      `secds keys failed: no key with id or active name "nobody" in ${path} (see \`secds keys list\`)`,
    ])
    expect((await keys('create', '--plan', 'FREE', '--name', 'ci', '--keys', path)).errors).toContain(
      'a key named "ci" already exists',
    )
  })
})
