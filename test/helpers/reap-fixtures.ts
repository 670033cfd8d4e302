/**
 * `bun reap-fixtures.ts <pid> <folder>`: started detached by test/helpers/fixture.ts under
 * `bun test --parallel`, whose workers cannot know which file is the run's last. Waits for the `bun test`
 * process (pid) to exit, then removes the run's fixture folder. Waiting here decides no test's outcome.
 */
import { rmSync } from 'node:fs'

const [pid, folder] = [Number(process.argv[2]), process.argv[3]]
if (!pid || !folder || !/secds-fixtures-/.test(folder)) throw new Error('usage: reap-fixtures.ts <pid> <folder>')

const alive = () => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
while (alive()) await Bun.sleep(500)
rmSync(folder, { recursive: true, force: true })
