import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  hashKey,
  KEY_PATTERN,
  type KeysFile,
  KeysFileError,
  newKeyRecord,
  readKeysFile,
  writeKeysFile,
} from '../../src/auth/keys-file.ts'
import { tempDir } from '../helpers/snapshot.ts'

const tempFile = () => join(tempDir('auth'), 'keys.json')

describe('keys file', () => {
  test('round trips, keeps the plans object, stores only the hash, mode 0600, no temporary file left', () => {
    const path = tempFile()
    const empty: KeysFile = { plans: { FREE: { perMinute: 60 } }, keys: [] }
    const { key, record } = newKeyRecord(
      empty,
      { name: 'ci', plan: 'LITE', features: ['SEC_API_ENDPOINTS'] },
      new Date('2026-01-05T10:00:00Z'),
    )
    expect(key).toMatch(KEY_PATTERN)
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}$/),
      name: 'ci',
      hash: hashKey(key),
      plan: 'LITE',
      features: ['SEC_API_ENDPOINTS'],
      createdAt: '2026-01-05T10:00:00.000Z',
      revokedAt: null,
    })
    writeKeysFile(path, { ...empty, keys: [record] })
    const { file, plans } = readKeysFile(path)
    expect(file).toEqual({ plans: { FREE: { perMinute: 60 } }, keys: [record] })
    expect(plans.FREE!.perMinute).toBe(60)
    expect(readFileSync(path, 'utf8')).not.toContain(key)
    expect(readFileSync(path, 'utf8')).not.toContain(key.slice(6))
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(join(path, '..'))).toEqual(['keys.json'])
  })

  test('a default name comes from the id', () => {
    const { record } = newKeyRecord({ keys: [] }, { plan: 'FREE', features: [] })
    expect(record.name).toBe(`key-${record.id}`)
  })

  test.each([
    ['{ "keys": [', 'is not valid JSON'],
    [
      '{ "plans": { "FREE": { "perMinute": "many" } }, "keys": [] }',
      'plans.FREE.perMinute: expected integer, got "many"',
    ],
    [
      '{ "keys": [{ "id": "a", "name": "x", "hash": "00", "plan": "FREE", "features": [], "createdAt": "t", "revokedAt": null }] }',
      'keys[0].hash: expected string to match',
    ],
    [
      `{ "keys": [{ "id": "a", "name": "x", "hash": "${'0'.repeat(64)}", "plan": "GOLD", "features": ["X"], "createdAt": "t", "revokedAt": null }] }`,
      'keys[0].plan: unknown plan "GOLD" (known: FREE, LITE, PRO, ENTERPRISE)\n  keys[0].features: unknown feature "X" (known: SEC_API_ENDPOINTS)',
    ],
    ['{}', 'keys: is missing'],
  ])('a bad file fails loudly, naming the file and the field: %s', (text, message) => {
    const path = tempFile()
    writeFileSync(path, text)
    expect(() => readKeysFile(path)).toThrow(KeysFileError)
    expect(() => readKeysFile(path)).toThrow(message)
    expect(() => readKeysFile(path)).toThrow(path)
  })

  test('a missing file says so', () => {
    expect(() => readKeysFile('/nonexistent/keys.json')).toThrow('cannot read keys file /nonexistent/keys.json')
  })
})
