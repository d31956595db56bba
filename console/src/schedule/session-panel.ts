/**
 * The side panel: edits the selected session (title, description, track, room, times, speakers),
 * cancels or restores it, deletes it; or creates a session in the slot that was clicked. It saves
 * through the API itself and tells the page the outcome (`session-saved`, `session-deleted`).
 */
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { keyed } from 'lit/directives/keyed.js'
import { ApiProblem } from '../api/client.ts'
import { I18nController, t } from '../i18n/index.ts'
import { sourceNotice } from '../imports/source-badge.ts'
import { confirmAction } from '../ui/confirm.ts'
import { applyFieldProblems, clearFieldProblems, formProblemText } from '../ui/form-errors.ts'
import { notify, problemText } from '../ui/notify.ts'
import { messages } from './messages.ts'
import { createBody, formChanges, type SessionForm } from './patch.ts'
import type { CreateDetail } from './schedule-grid.ts'
import { createSession, deleteSession, type Session, type SpeakerOption, updateSession } from './schedule-api.ts'
import { fromLocalInput, toLocalInput } from '../time/zoned-time.ts'

/** wa-select's value for "no room" or "no track" (an empty value reads as no choice). */
const NONE = '__none__'
/** More speakers than this get a filter above their list. */
const FILTER_FROM = 8

interface ValueControl extends HTMLElement {
  value: string
}

@customElement('console-session-panel')
export class SessionPanel extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: false }) eventId = ''
  @property({ attribute: false }) timeZone = 'UTC'
  /** The session edited; undefined with `draft` to create one. */
  @property({ attribute: false }) session: Session | undefined
  @property({ attribute: false }) draft: CreateDetail | undefined
  @property({ attribute: false }) columns: (string | null)[] = []
  /** The event's tracks, then those only sessions name. */
  @property({ attribute: false }) tracks: string[] = []
  @property({ attribute: false }) speakers: SpeakerOption[] = []
  @property({ attribute: false }) conflicts: string[] = []
  @property({ type: Boolean }) readonly = false

  @state() private speakerIds: string[] = []
  @state() private filter = ''
  @state() private busy = false
  @state() private formError = ''
  /** The last save's outcome, said in the panel (a toast would cover its buttons). */
  @state() private status = ''
  private formKey = ''

  protected override willUpdate(): void {
    const key = this.session ? `s:${this.session.id}` : `d:${this.draft?.startMs}:${this.draft?.room}`
    if (key !== this.formKey) {
      this.formKey = key
      this.speakerIds = this.session ? this.session.speakers.map((s) => s.id) : []
      this.filter = ''
      this.formError = ''
      this.status = ''
    }
  }

  /** Focuses the title, for the keyboard user who opened the panel. */
  async focusFirst(): Promise<void> {
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>('[name="title"]')?.focus()
  }

  private control(name: string): string {
    return this.renderRoot.querySelector<ValueControl>(`[name="${name}"]`)?.value ?? ''
  }

  private readForm(): SessionForm {
    const room = this.control('room')
    const track = this.control('track')
    return {
      title: this.control('title'),
      description: this.control('description'),
      track: track === NONE ? '' : track,
      room: room === NONE ? '' : room,
      start: this.control('starts_at'),
      end: this.control('ends_at'),
      speakerIds: this.speakerIds,
    }
  }

  private emit(name: 'session-saved' | 'session-deleted' | 'panel-close', detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }))
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy || this.readonly) return
    const m = t(messages).panel
    const form = this.readForm()
    const root = this.renderRoot.querySelector('form') as HTMLFormElement
    clearFieldProblems(root)
    this.formError = ''
    this.status = ''
    const fail = (path: string, message: string) =>
      applyFieldProblems(root, new ApiProblem(400, 'VALIDATION_ERROR', message, { fields: [{ path, message }] }))
    let request: Promise<Session>
    if (this.session) {
      const { body, invalid } = formChanges(this.session, form, this.timeZone)
      if (invalid.length) {
        for (const field of invalid) fail(field, m.invalidTime)
        return
      }
      if (!Object.keys(body).length) {
        this.status = m.noChanges
        return
      }
      request = updateSession(this.session.id, body)
    } else {
      const startMs = fromLocalInput(form.start, this.timeZone)
      const endMs = fromLocalInput(form.end, this.timeZone)
      if (startMs === undefined || endMs === undefined) {
        fail(startMs === undefined ? 'starts_at' : 'ends_at', m.invalidTime)
        return
      }
      const room = form.room.trim() || null
      request = createSession({
        ...createBody(this.eventId, form.title, { startMs, endMs, room }),
        ...(form.track.trim() ? { track: form.track.trim() } : {}),
        ...(form.description.trim() ? { description: form.description.trim() } : {}),
        ...(form.speakerIds.length ? { speaker_ids: form.speakerIds } : {}),
      })
    }
    this.busy = true
    try {
      const saved = await request
      this.status = this.session ? t(messages).saved(saved.title) : m.created(saved.title)
      this.emit('session-saved', { session: saved, created: !this.session })
    } catch (error) {
      this.formError = formProblemText(root, error)
    } finally {
      this.busy = false
    }
  }

  private async toggleCancelled(): Promise<void> {
    const session = this.session
    if (!session || this.busy) return
    const m = t(messages).panel
    this.busy = true
    try {
      const saved = await updateSession(session.id, { cancelled: !session.cancelled })
      this.status = saved.cancelled ? m.markedCancelled(saved.title) : m.restored(saved.title)
      this.emit('session-saved', { session: saved, created: false })
    } catch (error) {
      this.formError = problemText(error)
    } finally {
      this.busy = false
    }
  }

  private async removeSession(): Promise<void> {
    const session = this.session
    if (!session || this.busy) return
    const m = t(messages).panel
    const sure = await confirmAction({ heading: m.deleteTitle, message: m.deleteConfirm(session.title), confirmLabel: m.delete })
    if (!sure) return
    this.busy = true
    try {
      await deleteSession(session.id)
      // The panel closes with the session: a toast outlives it.
      notify(m.deleted(session.title))
      this.emit('session-deleted', { id: session.id })
    } catch (error) {
      this.formError = problemText(error)
    } finally {
      this.busy = false
    }
  }

  private toggleSpeaker(id: string, checked: boolean): void {
    // Checked speakers join the end of the list: its order is the order the schedule names them.
    this.speakerIds = checked ? [...this.speakerIds.filter((s) => s !== id), id] : this.speakerIds.filter((s) => s !== id)
  }

  static override styles = css`
    :host {
      display: block;
    }
    .panel {
      border: var(--wa-border-width-s) solid var(--wa-color-surface-border);
      border-radius: var(--wa-border-radius-m);
      background: var(--wa-color-surface-raised);
      padding: var(--wa-space-m);
    }
    header {
      display: flex;
      align-items: start;
      justify-content: space-between;
      gap: var(--wa-space-s);
    }
    h2 {
      margin: 0;
      font-size: var(--wa-font-size-l);
    }
    form {
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-m);
      margin-block-start: var(--wa-space-m);
    }
    .times {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
      gap: var(--wa-space-s);
    }
    fieldset {
      border: 0;
      margin: 0;
      padding: 0;
      min-width: 0;
    }
    legend {
      font-weight: var(--wa-font-weight-semibold);
      margin-block-end: var(--wa-space-2xs);
      padding: 0;
    }
    .speakers {
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-2xs);
      max-height: 14rem;
      overflow: auto;
      padding-block: var(--wa-space-2xs);
    }
    .muted {
      color: var(--wa-color-text-quiet);
      font-size: var(--wa-font-size-s);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-s);
    }
    ul {
      margin: 0;
      padding-inline-start: 1.2rem;
    }
    .field-error {
      color: var(--wa-color-danger-on-quiet);
    }
  `

  override render() {
    if (!this.session && !this.draft) return nothing
    const m = t(messages).panel
    const s = this.session
    const startMs = s ? Date.parse(s.starts_at) : (this.draft as CreateDetail).startMs
    const endMs = s ? Date.parse(s.ends_at) : (this.draft as CreateDetail).endMs
    const room = s ? s.room : (this.draft as CreateDetail).room
    return html`<section class="panel" aria-labelledby="panel-heading">
      <header>
        <h2 id="panel-heading">${s ? m.editTitle : m.newTitle}</h2>
        <wa-button size="s" appearance="plain" @click=${() => this.emit('panel-close')}>${m.close}</wa-button>
      </header>
      ${sourceNotice(s?.source)}
      ${s?.cancelled ? html`<wa-callout variant="neutral" size="s">${m.cancelledNotice}</wa-callout>` : nothing}
      ${
        this.conflicts.length
          ? html`<wa-callout variant="danger" size="s" role="group" aria-label=${m.conflicts}>
            <ul>
              ${this.conflicts.map((c) => html`<li>${c}</li>`)}
            </ul>
          </wa-callout>`
          : nothing
      }
      ${keyed(this.formKey, this.renderForm(s, startMs, endMs, room))}
    </section>`
  }

  private renderForm(s: Session | undefined, startMs: number, endMs: number, room: string | null) {
    const m = t(messages).panel
    const off = this.readonly || this.busy
    const rooms = this.columns.filter((c): c is string => c !== null)
    if (room && !rooms.includes(room)) rooms.push(room)
    const tracks = [...this.tracks]
    if (s?.track && !tracks.includes(s.track)) tracks.push(s.track)
    const words = this.filter.toLowerCase().split(/\s+/).filter(Boolean)
    const shown = this.speakers.filter((p) => words.every((w) => `${p.name} ${p.company ?? ''}`.toLowerCase().includes(w)))
    return html`<form @submit=${this.onSubmit} novalidate>
      ${this.formError ? html`<wa-callout variant="danger" size="s">${this.formError}</wa-callout>` : nothing}
      <wa-input name="title" label=${m.title} required maxlength="200" .value=${s?.title ?? ''} ?disabled=${off}></wa-input>
      <div class="times">
        <wa-input name="starts_at" type="datetime-local" step="300" label=${m.start} required .value=${toLocalInput(startMs, this.timeZone)} ?disabled=${off}></wa-input>
        <wa-input name="ends_at" type="datetime-local" step="300" label=${m.end} required .value=${toLocalInput(endMs, this.timeZone)} ?disabled=${off}></wa-input>
      </div>
      <wa-select name="room" label=${m.room} hint=${m.roomHint} .value=${room ?? NONE} ?disabled=${off}>
        ${rooms.map((r) => html`<wa-option value=${r}>${r}</wa-option>`)}
        <wa-option value=${NONE}>${t(messages).noRoom}</wa-option>
      </wa-select>
      <wa-select name="track" label=${m.track} .value=${s?.track ?? NONE} ?disabled=${off}>
        ${tracks.map((track) => html`<wa-option value=${track}>${track}</wa-option>`)}
        <wa-option value=${NONE}>${m.noTrack}</wa-option>
      </wa-select>
      <fieldset name="speaker_ids">
        <legend>${m.speakers}</legend>
        ${
          this.speakers.length > FILTER_FROM
            ? html`<wa-input
              size="s"
              type="search"
              label=${m.speakersFilter}
              .value=${this.filter}
              @input=${(e: Event) => {
                this.filter = (e.target as ValueControl).value
              }}
            ></wa-input>`
            : nothing
        }
        ${
          this.speakers.length
            ? html`<div class="speakers">
              ${shown.map(
                (p) => html`<wa-checkbox
                  .checked=${this.speakerIds.includes(p.id)}
                  ?disabled=${off}
                  @change=${(e: Event) => this.toggleSpeaker(p.id, (e.target as HTMLInputElement).checked)}
                  >${p.name}${p.company ? html` <span class="muted">(${p.company})</span>` : nothing}</wa-checkbox
                >`,
              )}
            </div>`
            : html`<p class="muted">${m.noSpeakers}</p>`
        }
      </fieldset>
      <wa-textarea name="description" label=${m.description} rows="4" .value=${s?.description ?? ''} ?disabled=${off}></wa-textarea>
      ${
        this.readonly
          ? nothing
          : html`<div class="actions">
            <wa-button type="submit" variant="brand" ?loading=${this.busy}>${s ? m.save : m.create}</wa-button>
            ${
              s
                ? html`<wa-button @click=${this.toggleCancelled} ?disabled=${this.busy}>${s.cancelled ? m.restoreSession : m.cancelSession}</wa-button>
                  <wa-button variant="danger" appearance="outlined" @click=${this.removeSession} ?disabled=${this.busy}>${m.delete}</wa-button>`
                : nothing
            }
          </div>`
      }
      <p class="muted" role="status">${this.status}</p>
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-session-panel': SessionPanel
  }
}
