import { html } from 'lit'
import { calendarUrl } from '../../api/calendar-access.js'
import type { EmbedClient } from '../../api/client.js'
import type { Messages } from '../../i18n/index.js'

/** The event's calendar feed (docs/embed-api.md, "Calendar feed"): `https://` and `webcal://`. */
export function feedUrls(api: Pick<EmbedClient, 'root' | 'eventId' | 'token'>): { https: string; webcal: string } {
  const https = calendarUrl(api, 'schedule')
  return { https, webcal: https.replace(/^https?:/, 'webcal:') }
}

async function copy(e: Event, text: string, t: Messages): Promise<void> {
  const button = e.currentTarget as HTMLButtonElement
  const status = button.parentElement?.querySelector('.feed__status')
  const input = button.parentElement?.querySelector('input')
  if (status) status.textContent = ''
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // No clipboard (an insecure page, a denied permission): the address is selected to copy by hand.
    input?.select()
    return
  }
  if (status) status.textContent = t.copied
}

/** The subscription panel: open in the calendar app (webcal:) or copy the https address. */
export function renderFeedPanel(urls: { https: string; webcal: string }, t: Messages) {
  return html`<div class="feed" id="feed-panel" part="feed">
    <p class="feed__hint">${t.subscribeHint}</p>
    <div class="feed__row">
      <a class="btn btn--primary" part="button" href=${urls.webcal}>${t.openInCalendar}</a>
    </div>
    <div class="field feed__field">
      <label class="field__label" for="feed-url">${t.feedAddress}</label>
      <span class="feed__copy">
        <input class="field__control" id="feed-url" readonly .value=${urls.https} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
        <button class="btn" part="button" @click=${(e: Event) => copy(e, urls.https, t)}>${t.copyLink}</button>
        <span class="feed__status" role="status"></span>
      </span>
    </div>
  </div>`
}
