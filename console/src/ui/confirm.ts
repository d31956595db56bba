// A question before something that cannot be undone, as a promise: `if (await confirmAction(…))`.
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import type WaDialog from '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import { t } from '../i18n/index.ts'
import { messages } from './messages.ts'

export interface ConfirmOptions {
  /** The dialog's title, a question: "Delete Example Conf?" */
  heading: string
  /** What happens, plainly: what goes with it, that it cannot be undone. Lines become paragraphs. */
  message: string | string[]
  /** The button's text, a verb: "Delete event". */
  confirmLabel?: string
  /** Red button for destruction. Default true. */
  danger?: boolean
}

/**
 * Asks for confirmation in a modal dialog; resolves true only when the confirm button was pressed
 * (Escape, the close button and Cancel resolve false). Focus starts on Cancel, the safe choice.
 */
export function confirmAction({ heading, message, confirmLabel, danger = true }: ConfirmOptions): Promise<boolean> {
  const dialog = document.createElement('wa-dialog') as WaDialog
  dialog.label = heading
  for (const line of Array.isArray(message) ? message : [message]) {
    const paragraph = document.createElement('p')
    paragraph.textContent = line
    dialog.append(paragraph)
  }
  const cancel = document.createElement('wa-button')
  cancel.slot = 'footer'
  cancel.textContent = t(messages).cancel
  cancel.setAttribute('autofocus', '')
  const confirm = document.createElement('wa-button')
  confirm.slot = 'footer'
  confirm.variant = danger ? 'danger' : 'brand'
  confirm.textContent = confirmLabel ?? t(messages).confirm
  confirm.style.marginInlineStart = 'var(--wa-space-s)'
  dialog.append(cancel, confirm)

  return new Promise((resolve) => {
    let answer = false
    cancel.addEventListener('click', () => {
      dialog.open = false
    })
    confirm.addEventListener('click', () => {
      answer = true
      dialog.open = false
    })
    dialog.addEventListener('wa-after-hide', (event) => {
      if (event.target !== dialog) return
      dialog.remove()
      resolve(answer)
    })
    document.body.append(dialog)
    requestAnimationFrame(() => {
      dialog.open = true
    })
  })
}
