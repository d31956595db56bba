import type { CommandRequest } from './commands.ts'
import { CONTROL_COMMAND_PATH, isProcessAlive, readControlFile } from './control-file.ts'

/** A command the running server refused or failed; carries its one-line message. */
export class RemoteCommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RemoteCommandError'
  }
}

/** Whether the request never reached a listening server (so nothing can have been done). */
function neverConnected(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } }).cause?.code
  return code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL'
}

/**
 * Has the `npm start` running on `dataDir` carry out the command. Resolves to `{ reached: false }`
 * when no server runs there (no control file, or a stale one whose process is gone or whose port
 * refuses connections): the caller may then open the database itself.
 */
export async function sendToRunningServer(
  dataDir: string,
  command: CommandRequest,
): Promise<{ reached: false } | { reached: true; data: unknown }> {
  const control = readControlFile(dataDir)
  if (!control || !isProcessAlive(control.pid)) return { reached: false }
  let response: Response
  try {
    response = await fetch(new URL(CONTROL_COMMAND_PATH, control.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${control.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(60_000),
    })
  } catch (err) {
    if (neverConnected(err)) return { reached: false }
    // Past connecting, the command may have been carried out: never retry it another way.
    throw new Error(`The running server (pid ${control.pid}) did not answer: ${(err as Error).message}`, { cause: err })
  }
  const body = (await response.json().catch(() => undefined)) as
    | { success: true; data: unknown }
    | { success: false; error: { code: string; message: string } }
    | undefined
  if (!body) throw new Error(`The running server answered ${response.status} without a readable body`)
  if (!body.success) throw new RemoteCommandError(body.error.code, body.error.message)
  return { reached: true, data: body.data }
}
