// "Follow a source": the event's sync (URL, format, how often, what to do with removals), saved
// with a PATCH of the event, stopped with `sync: null`; how the last sync went and when the next
// runs; "Sync now", which waits for that run's result. <console-sync-section .event=${event}>
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/radio/radio.js'
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { apiGet, apiSend } from '../api/client.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { BusyAction } from '../ui/busy-action.ts'
import { confirmAction } from '../ui/confirm.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { notify, problemText } from '../ui/notify.ts'
import { pageStyles } from '../ui/styles.ts'
import { pollDelayMs, readImport } from './import-request.ts'
import { failurePlaces, failureSentences } from './failure-text.ts'
import './import-result.ts'
import {
  type EventSync,
  IMPORT_FORMATS,
  type Import,
  type ImportFormat,
  REMOVED_ITEM_ACTIONS,
  type RemovedItemAction,
  type SyncedEvent,
  type SyncResult,
} from './import-types.ts'
import { messages } from './messages.ts'
import { intervalChoices, intervalText, relativeTime } from './sync-timing.ts'

/** How often the relative times ("3 minutes ago") are said again. */
const CLOCK_TICK_MS = 30_000
/** How long "Sync now" waits for its run before leaving the result to show later. */
const SYNC_WAIT_MS = 120_000

const RESULT_VARIANTS: Record<SyncResult, 'success' | 'neutral' | 'danger'> = {
  changed: 'success',
  unchanged: 'neutral',
  not_modified: 'neutral',
  failed: 'danger',
}

/** The sync the form holds, from the event's (or the defaults when it follows nothing). */
function draftOf(sync: EventSync | null | undefined): EventSync {
  return sync ? { ...sync } : { url: '', format: 'auto', every: '5m', removed: 'cancel' }
}

function sameSync(a: EventSync, b: EventSync | null | undefined): boolean {
  return !!b && a.url === b.url && a.format === b.format && a.every === b.every && a.removed === b.removed
}

@customElement('console-sync-section')
export class ConsoleSyncSection extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: false }) event: SyncedEvent | undefined
  @property({ type: Boolean }) readonly = false

  @state() private draft: EventSync = draftOf(undefined)
  @state() private now = Date.now()
  @state() private syncing = false
  @state() private lastImport: Import | undefined
  @state() private lastImportError = ''

  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)
  private readonly actions = new BusyAction(this)
  private clock: ReturnType<typeof setInterval> | undefined
  private readonly stopWaiting = new AbortController()

  static override styles = [
    pageStyles,
    css`
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-s);
      }
      .status {
        margin-block-start: var(--wa-space-l);
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: 0 0 var(--wa-space-xs);
      }
      ul.places {
        margin: var(--wa-space-2xs) 0 0;
        padding-inline-start: var(--wa-space-l);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    this.clock = setInterval(() => {
      this.now = Date.now()
    }, CLOCK_TICK_MS)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearInterval(this.clock)
    this.stopWaiting.abort()
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('event')) {
      this.draft = draftOf(this.event?.sync)
      this.now = Date.now()
    }
  }

  private get eventPath(): string {
    return `/events/${encodeURIComponent(this.event?.id ?? '')}`
  }

  private edit(patch: Partial<EventSync>): void {
    this.draft = { ...this.draft, ...patch }
  }

  private async save(submit: SubmitEvent): Promise<void> {
    const s = t(messages).sync
    if (!this.submission.begin(submit) || !this.event) return
    const sync = { ...this.draft, url: this.draft.url.trim() }
    if (sameSync(sync, this.event.sync)) {
      notify(s.nothingChanged, 'neutral')
      return
    }
    const before = this.event.sync_status?.last_run_at ?? null
    let saved = false
    await this.submission.send(async () => {
      this.event = await apiSend<SyncedEvent>('PATCH', this.eventPath, { sync })
      this.lastImport = undefined
      saved = true
      notify(s.saved)
    })
    // A new or changed source runs at once: its result shows here as it comes.
    if (saved) await this.actions.run(() => this.followRun(before))
  }

  private async stop(): Promise<void> {
    const s = t(messages).sync
    const confirmed = await confirmAction({ heading: s.stopHeading, message: s.stopText, confirmLabel: s.stop })
    if (!confirmed) return
    await this.actions.run(async () => {
      this.event = await apiSend<SyncedEvent>('PATCH', this.eventPath, { sync: null })
      this.lastImport = undefined
      notify(s.stopped)
    })
  }

  /** Asks for a run now, and follows it. */
  private async syncNow(): Promise<void> {
    await this.actions.run(async () => {
      const before = this.event?.sync_status?.last_run_at ?? null
      await apiSend('POST', `${this.eventPath}/sync`)
      this.lastImport = undefined
      await this.followRun(before)
    })
  }

  /** Reads the event until its last run is newer than `before` (or the wait ends), then says how it went. */
  private async followRun(before: string | null): Promise<void> {
    const s = t(messages).sync
    this.syncing = true
    try {
      const deadline = Date.now() + SYNC_WAIT_MS
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, pollDelayMs(attempt)))
        if (this.stopWaiting.signal.aborted) return
        const event = await apiGet<SyncedEvent>(this.eventPath)
        this.event = event
        const last = event.sync_status?.last_run_at ?? null
        if (!event.sync) return
        if (last && last !== before) {
          // A failure's details are on the page, under the form: the notice only points there.
          if (event.sync_status?.result === 'failed') notify(s.syncFailed, 'warning')
          else notify(s.synced)
          return
        }
      }
      notify(s.syncQueued, 'neutral')
    } finally {
      this.syncing = false
    }
  }

  private async toggleLastImport(importId: string): Promise<void> {
    if (this.lastImport) {
      this.lastImport = undefined
      return
    }
    this.lastImportError = ''
    try {
      this.lastImport = await readImport(this.event?.id ?? '', importId)
    } catch (error) {
      this.lastImportError = t(messages).sync.importFailed(problemText(error))
    }
  }

  /**
   * A moment said both ways: "3 minutes ago (27 Nov 2026, 21:40)", the machine-readable time kept.
   * A past one is never said to be ahead (the server's clock may run a little before the browser's).
   */
  private moment(iso: string | null | undefined, past = false) {
    if (!iso) return t(messages).sync.never
    const now = past ? Math.max(this.now, Date.parse(iso)) : this.now
    return html`<time datetime=${iso}>${relativeTime(iso, now)} (${formatDateTime(iso)})</time>`
  }

  private renderStatus() {
    const s = t(messages).sync
    const status = this.event?.sync_status
    if (!this.event?.sync || !status) return nothing
    const error = status.error
    const places = error ? failurePlaces(error) : []
    return html`<div class="status">
      <h3>${s.status}</h3>
      <dl>
        <dt>${s.lastRun}</dt>
        <dd>${this.moment(status.last_run_at, true)}</dd>
        ${
          status.result
            ? html`<dt>${s.result}</dt>
                <dd><wa-badge variant=${RESULT_VARIANTS[status.result]}>${s.results[status.result] ?? status.result}</wa-badge></dd>`
            : nothing
        }
        ${
          error
            ? html`<dt>${s.error}</dt>
                <dd>
                  ${failureSentences(error, t(messages).errors).join(' ')}
                  ${places.length ? html`<ul class="places">${places.map((p) => html`<li><code>${p.path}</code>: ${p.message}</li>`)}</ul>` : nothing}
                </dd>`
            : nothing
        }
        <dt>${s.nextRun}</dt>
        <dd>${this.moment(status.next_run_at)}</dd>
      </dl>
      ${
        status.last_import_id
          ? html`<wa-button size="s" appearance="plain" aria-expanded=${this.lastImport ? 'true' : 'false'} @click=${() => this.toggleLastImport(status.last_import_id ?? '')}
              >${this.lastImport ? s.hideImport : s.lastImport}</wa-button
            >`
          : nothing
      }
      ${this.lastImportError ? html`<p class="field-error" role="alert">${this.lastImportError}</p>` : nothing}
      ${this.lastImport ? html`<console-import-result .item=${this.lastImport} level="3"></console-import-result>` : nothing}
    </div>`
  }

  override render() {
    const m = t(messages)
    const s = m.sync
    const following = !!this.event?.sync
    const busy = this.actions.busy || this.submission.busy
    return html`<form @submit=${this.save} novalidate>
        ${this.submission.renderError()}
        ${following ? nothing : html`<p class="muted">${s.notFollowing}</p>`}
        <wa-input
          name="sync.url"
          type="url"
          label=${s.url}
          hint=${s.urlHint}
          placeholder="https://"
          required
          ?disabled=${this.readonly}
          .value=${this.draft.url}
          @input=${(e: Event) => this.edit({ url: String((e.target as HTMLInputElement).value ?? '') })}
        ></wa-input>
        <div class="row">
          <wa-select
            name="sync.format"
            label=${s.format}
            ?disabled=${this.readonly}
            .value=${this.draft.format}
            @change=${(e: Event) => this.edit({ format: (e.target as HTMLSelectElement).value as ImportFormat })}
          >
            ${IMPORT_FORMATS.map((format) => html`<wa-option value=${format}>${m.form.formats[format]}</wa-option>`)}
          </wa-select>
          <wa-select
            name="sync.every"
            label=${s.every}
            ?disabled=${this.readonly}
            .value=${this.draft.every}
            @change=${(e: Event) => this.edit({ every: (e.target as HTMLSelectElement).value })}
          >
            ${intervalChoices(this.event?.sync?.every).map((every) => html`<wa-option value=${every}>${intervalText(every)}</wa-option>`)}
          </wa-select>
        </div>
        <wa-radio-group
          name="sync.removed"
          label=${s.removed}
          ?disabled=${this.readonly}
          .value=${this.draft.removed}
          @change=${(e: Event) => this.edit({ removed: (e.target as HTMLInputElement).value as RemovedItemAction })}
        >
          ${REMOVED_ITEM_ACTIONS.map((action) => html`<wa-radio value=${action}>${m.form.removedChoices[action]}</wa-radio>`)}
        </wa-radio-group>
        ${
          this.readonly
            ? nothing
            : html`<div class="actions">
                <wa-button type="submit" variant="brand" ?loading=${this.submission.busy} ?disabled=${this.actions.busy}>${s.save}</wa-button>
                ${
                  following
                    ? html`<wa-button variant="neutral" ?loading=${this.syncing} ?disabled=${busy} @click=${this.syncNow}>${s.syncNow}</wa-button>
                        <wa-button variant="danger" appearance="outlined" ?disabled=${busy} @click=${this.stop}>${s.stop}</wa-button>`
                    : nothing
                }
              </div>`
        }
        ${this.syncing ? html`<p role="status">${s.syncing}</p>` : nothing}
      </form>
      ${this.renderStatus()}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-sync-section': ConsoleSyncSection
  }
}
