/** What the figures were measured on: CPU, cores, memory, kernel, Bun. */
import { cpus, release, totalmem, type } from 'node:os'

export const machine = () => ({
  cpu: cpus()[0]?.model ?? 'unknown CPU',
  cores: cpus().length,
  memoryBytes: totalmem(),
  kernel: `${type()} ${release()}`,
  bun: `${Bun.version} (${Bun.revision.slice(0, 9)})`,
  pinning: 'no CPU pinning: server, floor server and wrk share all cores',
})
