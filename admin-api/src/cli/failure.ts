import { ApiError } from '@event-service/server-common/api-error.ts'
import { ZodError } from 'zod'

/** How a failed command is reported: a code as in the API's envelope and one line for people. */
export interface CommandFailure {
  code: string
  message: string
  /** HTTP status the control endpoint answers with. */
  status: number
}

/** Input fields as the user typed them on the command line. */
const FLAG_OF: Record<string, string> = {
  name: '--name',
  plan: '--plan',
  rateLimit: '--rate-limit',
  accountId: '--account',
  keyId: '<key_id>',
  eventId: '--event',
  url: '--from',
  contentBase64: '--from',
}

/** Turns anything a command throws into one clear line (no stack: this is for operators). */
export function describeFailure(err: unknown): CommandFailure {
  if (err instanceof ApiError) return { code: err.code, message: err.message, status: err.status }
  if (err instanceof ZodError) {
    const problems = err.issues.map((issue) => {
      const field = issue.path.filter((p) => p !== 'input').map(String)
      const flag = field.length ? (FLAG_OF[field.at(-1) ?? ''] ?? field.join('.')) : 'input'
      return `${flag} ${issue.message}`
    })
    return { code: 'VALIDATION_ERROR', message: `Invalid input: ${problems.join('; ')}`, status: 400 }
  }
  const message = err instanceof Error ? err.message : String(err)
  return { code: 'INTERNAL_ERROR', message: message.split('\n')[0] ?? 'Unknown error', status: 500 }
}
