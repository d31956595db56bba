import { loadConfig } from '@event-service/server-common/config.ts'
import { describeFailure } from './failure.ts'
import type { ImportCommandResult } from './import-command.ts'
import { importReport } from './import-report.ts'
import type { ImportSourceArgument } from './import-source.ts'
import { parseCommandLine, USAGE, UsageError } from './parse-command-line.ts'
import { runCommand } from './run-command.ts'

/**
 * `npm run --silent admin -- <command>`: account settings and imports from the command line. The
 * result is one JSON value on stdout; a failure is one line on stderr and a non-zero exit status
 * (2 for a mistake in the command line, 1 otherwise), with nothing on stdout. `import` also tells
 * its progress and summary on stderr, and a failed import prints its row and exits 1.
 */
async function main(argv: string[]): Promise<number> {
  let command: ReturnType<typeof parseCommandLine>
  try {
    command = parseCommandLine(argv)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    process.stderr.write(`error: ${err.message} (run with --help for usage)\n`)
    return 2
  }
  if (command === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  const say = (line: string) => process.stderr.write(`${line}\n`)
  const report =
    command.command === 'import'
      ? importReport(command.input.source as ImportSourceArgument, command.input.dryRun === true, say)
      : undefined
  try {
    const result = await runCommand(loadConfig(), command, report?.progress)
    process.stdout.write(`${JSON.stringify(result)}\n`)
    return report ? report.finish(result as ImportCommandResult) : 0
  } catch (err) {
    process.stderr.write(`error: ${describeFailure(err).message}\n`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
