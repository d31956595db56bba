import type { ImportCommandResult, ImportProgress } from './import-command.ts'
import { formatBytes, type ImportSourceArgument } from './import-source.ts'

/** How often a long write phase prints its count; its last count always prints. */
const WRITING_EVERY_MS = 1000

/** Skipped items listed one per line; the rest are in the printed plan. */
const SKIPPED_LISTED = 10

type Counts = { sessions: number; speakers: number }
interface PlanCounts {
  created: Counts
  updated: Counts
  cancelled: Counts
  deleted: Counts
  unchanged: Counts
  skipped: { item: string; reason: string }[]
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** `created 3 sessions, 1 speaker` (dry run: `would create …`), or `0 created` when there are none. */
function counted(c: Counts, done: string, would: string, dryRun: boolean): string {
  if (c.sessions === 0 && c.speakers === 0) return `0 ${done}`
  return `${dryRun ? would : done} ${plural(c.sessions, 'session')}, ${plural(c.speakers, 'speaker')}`
}

/**
 * One line on what an import did, or for a dry run would do. Cancelled speakers are the ones
 * withdrawn because the source no longer has them.
 *
 * @example
 * summaryLine(plan, false) // 'created 1000 sessions, 412 speakers; 0 updated; 0 cancelled; 0 deleted; 0 unchanged; 0 skipped'
 */
function summaryLine(plan: PlanCounts, dryRun: boolean): string {
  const parts = [
    counted(plan.created, 'created', 'would create', dryRun),
    counted(plan.updated, 'updated', 'would update', dryRun),
    counted(plan.cancelled, 'cancelled', 'would cancel', dryRun),
    counted(plan.deleted, 'deleted', 'would delete', dryRun),
    plan.unchanged.sessions + plan.unchanged.speakers === 0
      ? '0 unchanged'
      : `${plural(plan.unchanged.sessions, 'session')}, ${plural(plan.unchanged.speakers, 'speaker')} unchanged`,
    `${plan.skipped.length} skipped`,
  ]
  return dryRun ? `dry run: ${parts.join('; ')}; nothing written` : parts.join('; ')
}

/**
 * What `import` tells people on stderr while it runs and when it ends: where it reads from, the
 * size of the plan, the writes as they go, then a one-line summary, or the error and each place
 * in the file it names, one per line.
 *
 * @example
 * const report = importReport(input.source, input.dryRun === true, (line) => process.stderr.write(`${line}\n`))
 * const result = await runCommand(config, command, report.progress)
 * process.exitCode = report.finish(result)
 */
export function importReport(source: ImportSourceArgument, dryRun: boolean, say: (line: string) => void) {
  let phase: ImportProgress['phase'] | undefined
  let lastWritingAt = 0
  return {
    progress(progress: ImportProgress): void {
      const first = progress.phase !== phase
      phase = progress.phase
      if (progress.phase === 'reading' && first) {
        say(
          'url' in source ? `reading ${source.url}…` : `reading ${source.fileName} (${formatBytes(decodedLength(source.contentBase64))})…`,
        )
      } else if (progress.phase === 'planning' && first) {
        say(`planning: ${plural(progress.total, 'session or speaker', 'sessions and speakers')}`)
      } else if (progress.phase === 'writing') {
        const now = Date.now()
        if (progress.done === progress.total || now - lastWritingAt >= WRITING_EVERY_MS) {
          lastWritingAt = now
          say(`writing ${progress.done}/${progress.total}`)
        }
      }
    },
    /** Prints how the import ended; the CLI's exit status (1 for a failed import). */
    finish(result: ImportCommandResult): number {
      if (result.status === 'done' && result.plan) {
        const plan = result.plan as unknown as PlanCounts
        for (const { item, reason } of plan.skipped.slice(0, SKIPPED_LISTED)) say(`skipped ${item}: ${reason}`)
        if (plan.skipped.length > SKIPPED_LISTED) say(`… and ${plan.skipped.length - SKIPPED_LISTED} more skipped (the plan lists them)`)
        say(summaryLine(plan, dryRun))
        return 0
      }
      const error = (result.error ?? {}) as { message?: string; details?: { fields?: { path: string; message: string }[] } }
      say(`error: ${error.message ?? `the import ended ${result.status}`}`)
      for (const field of error.details?.fields ?? []) say(`  at ${field.path}: ${field.message}`)
      return 1
    },
  }
}

/** The size of base64 content without decoding it. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return (base64.length / 4) * 3 - padding
}
