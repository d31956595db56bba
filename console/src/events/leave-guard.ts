// Keeps an event form's unsaved changes from being lost to a link click, a reload or a closed tab.
import { guardLeaving } from '../app/router.ts'
import { t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { messages } from './messages.ts'

/**
 * Starts guarding while `dirty()` says there are unsaved changes; returns the function that stops.
 *
 * @example
 * connectedCallback() { this.stopGuard = guardUnsaved(() => this.dirty) }
 * disconnectedCallback() { this.stopGuard?.() }
 */
export function guardUnsaved(dirty: () => boolean): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (dirty()) event.preventDefault()
  }
  window.addEventListener('beforeunload', onBeforeUnload)
  const release = guardLeaving(() => {
    if (!dirty()) return true
    const m = t(messages).leave
    return confirmAction({ heading: m.heading, message: m.text, confirmLabel: m.confirm })
  })
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload)
    release()
  }
}
