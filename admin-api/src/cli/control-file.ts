import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

/** The path commands are posted to. */
export const CONTROL_COMMAND_PATH = '/commands'

/** Names the command a request carries before its body is read (the body limit depends on it). */
export const CONTROL_COMMAND_HEADER = 'x-command'

/** The type of an answer that reports progress: JSON lines, the envelope last. */
export const PROGRESS_CONTENT_TYPE = 'application/x-ndjson'

/** Where a running `npm start` tells the CLI how to reach it. */
export const CONTROL_FILE_NAME = 'control.json'

/** What the control file holds: the local address, the secret of this start, and whose it is. */
export const ControlFileContent = z.object({ url: z.url(), secret: z.string().min(32), pid: z.number().int().positive() })
export type ControlFileContent = z.infer<typeof ControlFileContent>

/** The control file's path in a PGlite data directory. */
export const controlFilePath = (dataDir: string): string => join(resolve(dataDir), CONTROL_FILE_NAME)

/**
 * Writes the control file readable by its owner only (mode 0600: the secret lets anyone who reads
 * it create API keys). Written beside and renamed, so a reader never sees half a file.
 */
export function writeControlFile(dataDir: string, content: ControlFileContent): void {
  const path = controlFilePath(dataDir)
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, JSON.stringify(content), { mode: 0o600 })
  renameSync(partial, path)
}

/** The control file's content, or `undefined` when there is none (or it is not one of ours). */
export function readControlFile(dataDir: string): ControlFileContent | undefined {
  let text: string
  try {
    text = readFileSync(controlFilePath(dataDir), 'utf8')
  } catch {
    return undefined
  }
  try {
    const parsed = ControlFileContent.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Removes the control file if it is still the one with `secret` (a newer start may own it). */
export function removeControlFile(dataDir: string, secret: string): void {
  if (readControlFile(dataDir)?.secret === secret) rmSync(controlFilePath(dataDir), { force: true })
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
