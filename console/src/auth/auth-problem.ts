// A signed-out form's failure in words: past the sign-in limit (429), how long to wait (from
// Retry-After); else what the form would say of any failure (field problems under their controls).
import { ApiProblem } from '../api/client.ts'
import { t } from '../i18n/index.ts'
import { formProblemText } from '../ui/form-errors.ts'
import { messages } from './messages.ts'
import { minutesToWait } from './password-rules.ts'

export function authProblemText(form: ParentNode, error: unknown): string {
  if (error instanceof ApiProblem && error.status === 429) return t(messages).tooManyAttempts(minutesToWait(error.retryAfter))
  return formProblemText(form, error)
}
