import { defineMessages } from '../i18n/catalogue.ts'

const en = {
  failed: 'Something went wrong. Please try again.',
  offline: 'The server could not be reached. Check your connection and try again.',
  cancel: 'Cancel',
  confirm: 'Confirm',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  done: 'Done',
}

/** The shared helpers' own texts (notices, confirmation and secret dialogs). */
export const messages = defineMessages({
  en,
  de: {
    failed: 'Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.',
    offline: 'Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
    cancel: 'Abbrechen',
    confirm: 'Bestätigen',
    copy: 'Kopieren',
    copied: 'In die Zwischenablage kopiert.',
    copyFailed: 'Kopieren ging nicht: Markieren und kopieren Sie den Text selbst.',
    done: 'Fertig',
  },
})
