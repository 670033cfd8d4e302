import { describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureKeysFile, KeyStore } from '../../src/auth/key-store.ts'
import { generateKey, newKeyRecord, readKeysFile, writeKeysFile } from '../../src/auth/keys-file.ts'
import { FEATURES } from '../../src/auth/plans.ts'
import { memorySink } from '../../src/lib/log.ts'
import { tempDir } from '../helpers/snapshot.ts'

const tempFile = () => join(tempDir('auth'), 'keys.json')

function storeWithOneKey() {
  const path = tempFile()
  const { key, record } = newKeyRecord({ keys: [] }, { name: 'ci', plan: 'FREE', features: [] })
  writeKeysFile(path, { keys: [record] })
  const clock = { t: Date.parse('2026-01-05T10:00:00Z') }
  const log = memorySink()
  const store = new KeyStore(path, { now: () => clock.t, log })
  return { path, key, record, clock, log, store }
}

describe('KeyStore', () => {
  test('finds a key by its hash and nothing else', () => {
    const { key, record, store } = storeWithOneKey()
    expect(store.lookup(key)).toEqual(record)
    expect(store.lookup(generateKey())).toBeUndefined()
    expect(store.lookup('not a key')).toBeUndefined()
    expect(store.plans.FREE!.perDay).toBe(50)
  })

  test('sees a revocation written to the file within a second, or at once on reload()', () => {
    const { path, key, clock, store } = storeWithOneKey()
    const { file } = readKeysFile(path)
    writeKeysFile(path, { keys: file.keys.map((k) => ({ ...k, revokedAt: '2026-01-05T10:00:00.100Z' })) })
    clock.t += 500
    expect(store.lookup(key)!.revokedAt).toBeNull() // looked at the file less than a second ago
    clock.t += 500
    expect(store.lookup(key)!.revokedAt).toBe('2026-01-05T10:00:00.100Z')
    writeKeysFile(path, { keys: file.keys })
    store.reload()
    expect(store.lookup(key)!.revokedAt).toBeNull()
  })

  test('a file broken while running is logged and the previous contents stay in use', () => {
    const { path, key, clock, log, store } = storeWithOneKey()
    writeFileSync(path, '{ "keys": ')
    clock.t += 1000
    expect(store.lookup(key)).toBeDefined()
    expect(log.lines).toHaveLength(1)
    expect(String(log.lines[0]!.msg)).toContain('not reloaded')
    expect(() => store.reload()).toThrow('is not valid JSON')
  })

  test('a bad file stops the start', () => {
    const path = tempFile()
    writeFileSync(path, '{ "plans": { "FREE": { "perDay": -1 } }, "keys": [] }')
    expect(() => new KeyStore(path)).toThrow('plans.FREE.perDay')
  })
})

describe('ensureKeysFile', () => {
  test('creates one ENTERPRISE admin key with every feature only when the file is missing', () => {
    const path = tempFile()
    const key = ensureKeysFile(path, new Date('2026-01-05T10:00:00Z'))
    expect(key).toBeString()
    const { file } = readKeysFile(path)
    expect(file.keys).toEqual([
      {
        id: expect.any(String),
        name: 'admin',
        hash: expect.any(String),
        plan: 'ENTERPRISE',
        features: [...FEATURES],
        createdAt: '2026-01-05T10:00:00.000Z',
        revokedAt: null,
      },
    ])
    expect(new KeyStore(path).lookup(key!)!.name).toBe('admin')
    const before = readFileSync(path, 'utf8')
    expect(ensureKeysFile(path)).toBeUndefined()
    expect(readFileSync(path, 'utf8')).toBe(before)
  })
})
