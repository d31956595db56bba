// A process for serve.test.ts: stops on SIGTERM/SIGINT through onShutdownSignal, printing as it
// goes. `STOP_MS` is how long its stop takes (default: it never ends).
import { onShutdownSignal } from '../serve.ts'

const stopMs = process.env.STOP_MS ? Number(process.env.STOP_MS) : undefined
onShutdownSignal(async (signal) => {
  process.stdout.write(`stopping on ${signal}\n`)
  // Printed once a repeat of the signal no longer counts as the same request.
  setTimeout(() => process.stdout.write('still stopping\n'), 1_100).unref()
  await new Promise((resolve) => (stopMs === undefined ? setInterval(() => {}, 1_000) : setTimeout(resolve, stopMs)))
})
process.stdout.write('ready\n')
setInterval(() => {}, 1_000)
