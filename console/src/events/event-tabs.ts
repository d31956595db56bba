// The links between an event's pages (Details, Schedule, Speakers, Registrations, Import), shown at the
// top of each: <console-event-tabs event-id=… current="schedule"></console-event-tabs>.
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { I18nController, t } from '../i18n/index.ts'
import { messages } from './messages.ts'

export type EventSection = 'details' | 'schedule' | 'speakers' | 'registrations' | 'import'

/** The address of one of an event's pages. */
export function eventSectionUrl(eventId: string, section: EventSection): string {
  const base = `/console/events/${encodeURIComponent(eventId)}`
  return section === 'details' ? base : `${base}/${section}`
}

@customElement('console-event-tabs')
export class ConsoleEventTabs extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: 'event-id' }) eventId = ''
  @property() current: EventSection = 'details'

  static override styles = css`
    :host {
      display: block;
      margin-block-end: var(--wa-space-l);
      border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    }
    ul {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-2xs);
      list-style: none;
      margin: 0;
      padding: 0;
    }
    a {
      display: block;
      padding: var(--wa-space-xs) var(--wa-space-s);
      color: inherit;
      text-decoration: none;
      border-block-end: 3px solid transparent;
    }
    a:hover {
      color: var(--wa-color-brand-on-quiet);
    }
    a[aria-current='page'] {
      border-block-end-color: var(--wa-color-brand-fill-loud);
      font-weight: var(--wa-font-weight-semibold);
    }
  `

  override render() {
    const m = t(messages).tabs
    const sections: EventSection[] = ['details', 'schedule', 'speakers', 'registrations', 'import']
    return html`<nav aria-label=${m.label}>
      <ul>
        ${sections.map(
          (section) =>
            html`<li>
              <a href=${eventSectionUrl(this.eventId, section)} aria-current=${section === this.current ? 'page' : nothing}>${m[section]}</a>
            </li>`,
        )}
      </ul>
    </nav>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-event-tabs': ConsoleEventTabs
  }
}
