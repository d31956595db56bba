import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// The benches that measure memory collect garbage first, so that a figure is what is kept, not
// what happens to wait for the collector.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * The process's memory after full collections: `heap` is the JS heap and the memory outside it
 * that JS objects hold (buffers; `external` includes `arrayBuffers`), `rss` all that the process
 * has resident, in bytes.
 *
 * @example
 * const before = await memoryAfterGc()
 */
export async function memoryAfterGc(): Promise<{ heap: number; rss: number }> {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((r) => setImmediate(r))
  }
  const m = process.memoryUsage()
  return { heap: m.heapUsed + m.external, rss: m.rss }
}
