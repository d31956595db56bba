import { html } from 'lit'
import type { EmbedClient } from '../../api/client.js'
import type { AccessVerdict } from '../../api/types.js'
import type { Messages } from '../../i18n/index.js'

/** The event's calendar feed (docs/embed-api.md, "Calendar feed"): `https://` and `webcal://`. */
export function feedUrls(api: Pick<EmbedClient, 'root' | 'eventId' | 'token'>): { https: string; webcal: string } {
  const url = new URL(`events/${encodeURIComponent(api.eventId)}/schedule.ics`, api.root)
  url.searchParams.set('token', api.token)
  return { https: url.href, webcal: url.href.replace(/^https?:/, 'webcal:') }
}

const verdicts = new Map<string, Promise<boolean>>()

/** Test hook: forget the verdicts asked. */
export function clearFeedVerdicts(): void {
  verdicts.clear()
}

/**
 * Whether this token serves the calendar feed: the access verdict's `calendar_feed` (a token
 * without allowed origins, or one with `allowCalendarFeed`). Calendar apps fetch without an
 * `Origin`, so a link the token does not serve would only show an error in the visitor's calendar:
 * when in doubt (no answer), the schedule offers no link.
 */
export function feedAllowed(api: Pick<EmbedClient, 'root' | 'eventId' | 'token'>): Promise<boolean> {
  const url = new URL(`events/${encodeURIComponent(api.eventId)}/access`, api.root)
  url.searchParams.set('token', api.token)
  // One question per page and token, however many schedules ask.
  let verdict = verdicts.get(url.href)
  if (!verdict) {
    verdict = fetch(url, { credentials: 'omit', cache: 'no-store' })
      .then(async (res) => ((await res.json()) as { data?: AccessVerdict }).data)
      .then((v) => v?.allowed === true && v.calendar_feed === true)
      .catch(() => false)
    verdicts.set(url.href, verdict)
  }
  return verdict
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
