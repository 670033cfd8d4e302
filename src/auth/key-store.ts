/**
 * The server's view of the keys file: a Map from key hash to record, and the resolved plans. It looks
 * at the file again at most once a second (on lookup), so `secds keys revoke` on a running server
 * takes effect within about a second without a restart or a signal.
 */
import { existsSync, statSync } from 'node:fs'
import { consoleSink, errorFields, type LogSink } from '../lib/log.ts'
import { hashKey, KEY_PATTERN, type KeyRecord, newKeyRecord, readKeysFile, writeKeysFile } from './keys-file.ts'
import { FEATURES, type Plans } from './plans.ts'

export type KeyStoreOptions = {
  now?: () => number
  /** Where a failed automatic reload is reported; the store keeps serving the previous contents. */
  log?: LogSink
}

const CHECK_EVERY_MS = 1000

export class KeyStore {
  private byHash = new Map<string, KeyRecord>()
  private currentPlans: Plans = {}
  /** What the file looked like when read; `keys` replaces it by rename, so the inode changes too. */
  private signature = ''
  private checkedAt: number
  private readonly now: () => number
  private readonly log: LogSink

  /** Reads the file now; throws KeysFileError when it is missing or invalid, so a bad file stops the start. */
  constructor(
    readonly path: string,
    { now = Date.now, log = consoleSink }: KeyStoreOptions = {},
  ) {
    this.now = now
    this.log = log
    this.reload()
    this.checkedAt = now()
  }

  /** The record of a key, revoked or not, or undefined when the server does not know the key. */
  lookup(key: string): KeyRecord | undefined {
    this.refreshIfChanged()
    // Malformed keys are not hashed at all; known ones are found by hash, so comparing leaks no timing about the key.
    return KEY_PATTERN.test(key) ? this.byHash.get(hashKey(key)) : undefined
  }

  /** The default plans with the file's overrides merged over them. */
  get plans(): Plans {
    return this.currentPlans
  }

  /** Reads the file again; throws (keeping the previous contents) when it is now invalid. */
  reload(): void {
    const signature = fileSignature(this.path)
    const { file, plans } = readKeysFile(this.path)
    this.byHash = new Map(file.keys.map((k) => [k.hash, k]))
    this.currentPlans = plans
    this.signature = signature
  }

  private refreshIfChanged(): void {
    const now = this.now()
    if (now - this.checkedAt < CHECK_EVERY_MS) return
    this.checkedAt = now
    try {
      if (fileSignature(this.path) !== this.signature) this.reload()
    } catch (e) {
      // A half-edited or deleted file must not lock every client out: keep answering from the last good one.
      this.log.error({
        level: 'error',
        msg: `keys file ${this.path} not reloaded; still using the previous contents`,
        ...errorFields(e),
      })
    }
  }
}

function fileSignature(path: string): string {
  try {
    const s = statSync(path)
    return `${s.ino}:${s.size}:${s.mtimeMs}`
  } catch {
    return 'missing' // readKeysFile then explains
  }
}

/**
 * On first start there is no keys file: create one holding a single ENTERPRISE key named `admin`
 * with every feature, and return that key so the server can print it once. Otherwise undefined.
 */
export function ensureKeysFile(path: string, now = new Date()): string | undefined {
  if (existsSync(path)) return undefined
  const { key, record } = newKeyRecord({ keys: [] }, { name: 'admin', plan: 'ENTERPRISE', features: FEATURES }, now)
  writeKeysFile(path, { keys: [record] })
  return key
}
