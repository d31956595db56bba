// Copies a text (a token, a secret, a snippet) and says so; where the Clipboard API is refused
// (no permission, an insecure origin) the old way through a selected textarea still works.
import { defineMessages, t } from '../i18n/index.ts'
import { notify } from './notify.ts'

const messages = defineMessages({
  en: { copied: 'Copied to the clipboard.', notCopied: 'Could not copy: select the text and copy it by hand.' },
  de: {
    copied: 'In die Zwischenablage kopiert.',
    notCopied: 'Kopieren nicht möglich: Markieren Sie den Text und kopieren Sie ihn von Hand.',
  },
})

async function writeText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}

/** Copies `text` and shows whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  const ok = await writeText(text)
  notify(ok ? t(messages).copied : t(messages).notCopied, ok ? 'success' : 'warning')
  return ok
}
