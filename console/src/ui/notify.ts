// Brief notices in one toast stack for the whole console ("Saved", "Key revoked", a failure).
import '@awesome.me/webawesome/dist/components/toast/toast.js'
import type WaToast from '@awesome.me/webawesome/dist/components/toast/toast.js'
import { ApiProblem } from '../api/client.ts'
import { t } from '../i18n/index.ts'
import { messages } from './messages.ts'

let stack: WaToast | undefined

function toastStack(): WaToast {
  if (!stack?.isConnected) {
    stack = document.createElement('wa-toast')
    stack.placement = 'bottom-end'
    document.body.append(stack)
  }
  return stack
}

export type NoticeKind = 'success' | 'danger' | 'warning' | 'neutral'

/**
 * Shows a short notice; failures stay until dismissed (they may need reading), others fade.
 *
 * @example
 * notify(t(messages).saved)
 * notify(problemText(error), 'danger')
 */
export function notify(message: string, kind: NoticeKind = 'success'): void {
  void toastStack().create(message, { variant: kind, duration: kind === 'danger' ? 0 : 5000 })
}

/** The sentence to show for a failed request: the API's own message, or a plain fallback. */
export function problemText(error: unknown): string {
  if (error instanceof ApiProblem) return error.status === 0 ? t(messages).offline : error.message || t(messages).failed
  return t(messages).failed
}

/** Shows a failed request as a notice (for actions without a form to show it beside). */
export function notifyProblem(error: unknown): void {
  notify(problemText(error), 'danger')
}
