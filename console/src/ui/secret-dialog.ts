// A value shown once (a new API key, an invitation link): a dialog with the value, a copy button
// and a plain warning that it will not be shown again. Resolves when the dialog is closed.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import type WaDialog from '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import { t } from '../i18n/index.ts'
import { messages } from './messages.ts'
import { copyText } from './copy.ts'
import { notify } from './notify.ts'

export interface SecretOptions {
  heading: string
  /** Sentences before the value (what it is, that an email was sent). */
  intro?: string[]
  /** The value, shown in full, selectable. */
  secret: string
  /** Its label, for the copy button and the value's name ("API key"). */
  secretLabel: string
  /** The warning, such as "You will not see this key again." */
  warning: string
  /** The copy button's text, when it is not "Copy: {secretLabel}". */
  copyLabel?: string
  /** Buttons between Copy and Done ("Open the endpoint"): each closes the dialog, then runs. */
  actions?: SecretAction[]
}

export interface SecretAction {
  label: string
  run: () => void
}

export function showSecretOnce({
  heading,
  intro = [],
  secret,
  secretLabel,
  warning,
  copyLabel,
  actions = [],
}: SecretOptions): Promise<void> {
  const m = t(messages)
  const dialog = document.createElement('wa-dialog') as WaDialog
  dialog.label = heading
  for (const line of intro) {
    const p = document.createElement('p')
    p.textContent = line
    dialog.append(p)
  }
  const value = document.createElement('code')
  value.textContent = secret
  value.setAttribute('aria-label', secretLabel)
  value.tabIndex = 0
  Object.assign(value.style, {
    display: 'block',
    padding: 'var(--wa-space-s)',
    background: 'var(--wa-color-neutral-fill-quiet)',
    borderRadius: 'var(--wa-border-radius-m)',
    overflowWrap: 'anywhere',
    fontFamily: 'var(--wa-font-family-code)',
    userSelect: 'all',
  })
  const warn = document.createElement('wa-callout')
  warn.setAttribute('variant', 'warning')
  warn.textContent = warning
  warn.style.marginBlockStart = 'var(--wa-space-m)'
  const copy = document.createElement('wa-button')
  copy.slot = 'footer'
  copy.variant = 'brand'
  copy.textContent = copyLabel ?? `${m.copy}: ${secretLabel}`
  copy.addEventListener('click', async () => notify((await copyText(secret)) ? m.copied : m.copyFailed, 'neutral'))
  const extra = actions.map(({ label, run }) => {
    const button = document.createElement('wa-button')
    button.slot = 'footer'
    button.textContent = label
    button.style.marginInlineStart = 'var(--wa-space-s)'
    button.addEventListener('click', () => {
      dialog.open = false
      run()
    })
    return button
  })
  const done = document.createElement('wa-button')
  done.slot = 'footer'
  done.textContent = m.done
  done.style.marginInlineStart = 'var(--wa-space-s)'
  done.addEventListener('click', () => {
    dialog.open = false
  })
  dialog.append(value, warn, copy, ...extra, done)
  return new Promise((resolve) => {
    dialog.addEventListener('wa-after-hide', (event) => {
      if (event.target !== dialog) return
      dialog.remove()
      resolve()
    })
    document.body.append(dialog)
    requestAnimationFrame(() => {
      dialog.open = true
    })
  })
}
