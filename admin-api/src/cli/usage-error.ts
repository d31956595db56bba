/** A mistake in how the command line was written (exit status 2, like most CLIs). */
export class UsageError extends Error {
  override name = 'UsageError'
}
