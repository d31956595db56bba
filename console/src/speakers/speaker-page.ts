// /console/events/:eventId/speakers/:speakerId (and …/speakers/new): a speaker's form with a live
// preview of the bio (the widgets' own renderer) and of the photo, their links, the sessions they
// speak in, and deleting them.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import type { SpeakerStatus } from '@event-service/db/tables/speakers.ts'
import { renderRichText } from '@event-service/widgets/rich-text'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiGet, apiList, apiSend } from '../api/client.ts'
import { everyItem } from '../api/every-item.ts'
import { canWrite } from '../app/roles.ts'
import { navigate } from '../app/router.ts'
import { currentSession } from '../app/session.ts'
import '../events/event-tabs.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { clearFieldProblems, formProblemText } from '../ui/form-errors.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import { sourceNotice } from '../imports/source-badge.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { messages } from './messages.ts'
import {
  changedFields,
  EMPTY_SPEAKER,
  formFromSpeaker,
  isHttpUrl,
  MAX_LINKS,
  type SpeakerFormValues,
  STATUS_GROUPS,
  speakerBody,
} from './speaker-form.ts'
import { sessionsOf } from './speaker-sessions.ts'

type Speaker = components['schemas']['Speaker']
type Session = components['schemas']['Session']

@customElement('console-speaker-page')
export class ConsoleSpeakerPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''
  /** From the address; undefined on …/speakers/new. */
  @property() speakerId: string | undefined

  @state() private event: { name: string; timezone: string } | undefined
  @state() private speaker: Speaker | undefined
  @state() private values: SpeakerFormValues = { ...EMPTY_SPEAKER, links: [] }
  @state() private sessions: Session[] | undefined
  @state() private sessionsError = ''
  @state() private failure = ''
  @state() private formError = ''
  @state() private existingId = ''
  @state() private saving = false

  @query('form') private form!: HTMLFormElement

  static override styles = [
    pageStyles,
    css`
      .layout {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 20rem);
        gap: var(--wa-space-2xl);
      }
      @media (max-width: 60rem) {
        .layout {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      fieldset {
        border: 0;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-s);
      }
      legend {
        font-weight: var(--wa-font-weight-semibold);
        margin-block-end: var(--wa-space-2xs);
      }
      .link-row {
        display: grid;
        grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
        gap: var(--wa-space-s);
        align-items: end;
      }
      @media (max-width: 40rem) {
        .link-row {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      .preview {
        padding: var(--wa-space-s) var(--wa-space-m);
        border: var(--wa-border-width-s) dashed var(--wa-color-surface-border);
        border-radius: var(--wa-border-radius-m);
        overflow-wrap: anywhere;
      }
      .preview p {
        margin: 0 0 var(--wa-space-s);
      }
      .photo {
        max-width: 10rem;
        max-height: 10rem;
        border-radius: var(--wa-border-radius-m);
        object-fit: cover;
      }
      h2 {
        font-size: var(--wa-font-size-l);
        margin: 0 0 var(--wa-space-s);
      }
      ul.sessions {
        padding-inline-start: var(--wa-space-m);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private get isNew(): boolean {
    return !this.speakerId || this.speakerId === 'new'
  }

  private async load(): Promise<void> {
    this.failure = ''
    try {
      const eventRequest = apiGet<{ name: string; timezone: string }>(`/events/${encodeURIComponent(this.eventId)}`)
      if (!this.isNew) {
        const speaker = await apiGet<Speaker>(`/speakers/${encodeURIComponent(this.speakerId!)}`)
        this.speaker = speaker
        this.values = formFromSpeaker(speaker)
        void this.loadSessions(speaker.id)
      }
      this.event = await eventRequest
    } catch (error) {
      this.failure = t(messages).detail.loadFailed(problemText(error))
    }
  }

  private async loadSessions(speakerId: string): Promise<void> {
    try {
      this.sessions = sessionsOf(await everyItem<Session>('/sessions', { event_id: this.eventId, sort: 'starts_at' }), speakerId)
    } catch (error) {
      this.sessionsError = t(messages).detail.sessionsFailed(problemText(error))
    }
  }

  private set<K extends keyof SpeakerFormValues>(key: K, value: SpeakerFormValues[K]): void {
    this.values = { ...this.values, [key]: value }
  }

  private setLink(index: number, field: 'url' | 'label', value: string): void {
    this.set(
      'links',
      this.values.links.map((link, i) => (i === index ? { ...link, [field]: value } : link)),
    )
  }

  /** A new speaker whose email another speaker has: POST would update that one (it is an upsert). */
  private async emailTaken(email: string): Promise<string | undefined> {
    const { items } = await apiList<Speaker>('/speakers', { event_id: this.eventId, search: email, limit: 100 })
    return items.find((s) => s.email?.toLowerCase() === email.toLowerCase())?.id
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.saving) return
    const m = t(messages)
    this.formError = ''
    this.existingId = ''
    clearFieldProblems(this.form)
    this.saving = true
    try {
      if (this.isNew) {
        const body = speakerBody(this.values)
        const existing = body.email ? await this.emailTaken(body.email) : undefined
        if (existing) {
          this.formError = m.form.emailTaken
          this.existingId = existing
          return
        }
        const created = await apiSend<Speaker>('POST', '/speakers', { event_id: this.eventId, ...body })
        notify(m.detail.created)
        navigate(`/console/events/${this.eventId}/speakers/${created.id}`, { replace: true })
        return
      }
      const speaker = this.speaker!
      const changes = changedFields(speaker, this.values)
      if (Object.keys(changes).length === 0) {
        notify(m.detail.nothingChanged, 'neutral')
        return
      }
      this.speaker = await apiSend<Speaker>('PATCH', `/speakers/${encodeURIComponent(speaker.id)}`, changes)
      this.values = formFromSpeaker(this.speaker)
      notify(m.detail.saved)
    } catch (error) {
      this.formError = formProblemText(this.form, error)
    } finally {
      this.saving = false
    }
  }

  private async deleteSpeaker(): Promise<void> {
    const speaker = this.speaker
    if (!speaker) return
    const m = t(messages).detail
    if (!(await confirmAction({ heading: m.deleteHeading(speaker.name), message: m.deleteText, confirmLabel: m.delete }))) return
    try {
      await apiSend('DELETE', `/speakers/${encodeURIComponent(speaker.id)}`)
      notify(m.deleted)
      navigate(`/console/events/${this.eventId}/speakers`)
    } catch (error) {
      notifyProblem(error)
    }
  }

  private renderLinks(writable: boolean) {
    const f = t(messages).form
    const links = this.values.links
    return html`<fieldset>
      <legend>${f.links}</legend>
      <span class="muted">${f.linksHint(MAX_LINKS)}</span>
      ${links.map(
        (link, i) => html`<div class="link-row">
          <wa-input
            name="links.${i}.url"
            type="url"
            label=${f.linkUrl(i + 1)}
            placeholder="https://"
            ?readonly=${!writable}
            .value=${link.url}
            @input=${(e: Event) => this.setLink(i, 'url', String((e.target as HTMLInputElement).value ?? ''))}
          ></wa-input>
          <wa-input
            name="links.${i}.label"
            label=${f.linkLabel(i + 1)}
            maxlength="50"
            ?readonly=${!writable}
            .value=${link.label}
            @input=${(e: Event) => this.setLink(i, 'label', String((e.target as HTMLInputElement).value ?? ''))}
          ></wa-input>
          ${
            writable
              ? html`<wa-button
                appearance="outlined"
                @click=${() =>
                  this.set(
                    'links',
                    links.filter((_, j) => j !== i),
                  )}
                >${f.removeLink(i + 1)}</wa-button
              >`
              : nothing
          }
        </div>`,
      )}
      ${
        writable && links.length < MAX_LINKS
          ? html`<div><wa-button size="s" @click=${() => this.set('links', [...links, { url: '', label: '' }])}>${f.addLink}</wa-button></div>`
          : nothing
      }
    </fieldset>`
  }

  private renderForm(writable: boolean) {
    const m = t(messages)
    const f = m.form
    const v = this.values
    const input = (key: keyof SpeakerFormValues) => (e: Event) => this.set(key, String((e.target as HTMLInputElement).value ?? '') as never)
    return html`<form @submit=${this.submit} novalidate>
      ${
        this.formError
          ? html`<wa-callout variant="danger" role="alert"
            >${this.formError}
            ${this.existingId ? html`<a href="/console/events/${this.eventId}/speakers/${this.existingId}">${f.openExisting}</a>` : nothing}</wa-callout
          >`
          : nothing
      }
      <div class="row">
        <wa-input name="name" label=${f.name} required maxlength="200" ?readonly=${!writable} .value=${v.name} @input=${input('name')}></wa-input>
        <wa-input
          name="email"
          type="email"
          label=${f.email}
          ?required=${this.isNew || this.speaker?.email != null}
          ?readonly=${!writable} .value=${v.email} @input=${input('email')}></wa-input>
      </div>
      <div class="row">
        <wa-input name="title" label=${f.jobTitle} maxlength="200" ?readonly=${!writable} .value=${v.title} @input=${input('title')}></wa-input>
        <wa-input name="company" label=${f.company} maxlength="200" ?readonly=${!writable} .value=${v.company} @input=${input('company')}></wa-input>
      </div>
      <wa-select
        name="status"
        label=${f.status}
        hint=${f.statusHint}
        ?disabled=${!writable}
        .value=${v.status}
        @change=${(e: Event) => this.set('status', String((e.target as HTMLSelectElement).value) as SpeakerStatus)}
      >
        ${STATUS_GROUPS.map(
          (group) => html`<small>${group.visible ? m.shown : m.hidden}</small>
            ${group.statuses.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}`,
        )}
      </wa-select>
      <wa-textarea name="bio" label=${f.bio} hint=${f.bioHint} rows="6" resize="auto" maxlength="10000" ?readonly=${!writable} .value=${v.bio} @input=${input('bio')}></wa-textarea>
      ${
        v.bio.trim()
          ? html`<div>
            <strong id="bio-preview">${f.bioPreview}</strong>
            <div class="preview" role="region" aria-labelledby="bio-preview">${renderRichText(v.bio)}</div>
          </div>`
          : nothing
      }
      <wa-input name="photo_url" type="url" label=${f.photo} hint=${f.photoHint} placeholder="https://" ?readonly=${!writable} .value=${v.photoUrl} @input=${input('photoUrl')}></wa-input>
      ${
        v.photoUrl.trim()
          ? isHttpUrl(v.photoUrl)
            ? html`<img class="photo" src=${v.photoUrl.trim()} alt=${f.photoAlt(v.name || '…')} referrerpolicy="no-referrer" />`
            : html`<span class="muted">${f.photoNotUrl}</span>`
          : nothing
      }
      ${this.renderLinks(writable)}
      <wa-input name="tags" label=${f.tags} hint=${f.tagsHint} ?readonly=${!writable} .value=${v.tags} @input=${input('tags')}></wa-input>
      ${
        writable
          ? html`<div><wa-button type="submit" variant="brand" ?loading=${this.saving}>${this.isNew ? f.create : f.save}</wa-button></div>`
          : nothing
      }
    </form>`
  }

  private renderSessions() {
    const m = t(messages).detail
    if (this.isNew) return nothing
    return html`<section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">${m.sessions}</h2>
      ${
        this.sessionsError
          ? html`<wa-callout variant="danger">${this.sessionsError}</wa-callout>`
          : !this.sessions
            ? html`<wa-spinner></wa-spinner>`
            : this.sessions.length === 0
              ? html`<p class="muted">${m.noSessions}</p>`
              : html`<ul class="sessions">
                ${this.sessions.map(
                  (s) =>
                    html`<li>
                      <a href="/console/events/${this.eventId}/schedule">${s.title}</a><br />
                      <span class="muted">${formatDateTime(s.starts_at, this.event?.timezone)}${s.room ? ` · ${s.room}` : ''}</span>
                      ${s.cancelled ? html` · <strong>${m.cancelled}</strong>` : nothing}
                    </li>`,
                )}
              </ul>`
      }
    </section>`
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentSession()?.user.role)
    const back = html`<a slot="before" href="/console/events/${this.eventId}/speakers">← ${m.detail.back}</a>`
    if (this.failure)
      return html`<console-page-header heading=${m.title}>${back}</console-page-header>
        <wa-callout variant="danger" role="alert">${this.failure}</wa-callout>`
    if (!this.isNew && !this.speaker) return html`<p role="status"><wa-spinner></wa-spinner> ${m.loading}</p>`
    return html`<console-page-header heading=${this.speaker?.name ?? m.detail.newTitle} subheading=${this.event?.name ?? ''}>
        ${back}
        ${
          writable && this.speaker
            ? html`<wa-button variant="danger" appearance="outlined" @click=${() => void this.deleteSpeaker()}>${m.detail.delete}</wa-button>`
            : nothing
        }
      </console-page-header>
      <console-event-tabs event-id=${this.eventId} current="speakers"></console-event-tabs>
      ${sourceNotice(this.speaker?.source)}
      <div class="layout">
        ${this.renderForm(writable)} ${this.renderSessions()}
      </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-speaker-page': ConsoleSpeakerPage
  }
}
