import { Task } from '@lit/task'
import { html, nothing } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import type { Speaker } from '../../api/types.js'
import { chevronLeft, chevronRight, closeIcon } from '../../base/icons.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderSpeakerProfile } from '../../base/speaker-templates.js'
import { affiliation, renderAvatar, renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { speakerStyles } from '../../styles/speaker.styles.js'
import { avatarStyles, dialogStyles, stateStyles } from '../../styles/theme.styles.js'
import { speakersStyles } from './speakers.styles.js'

/**
 * The event's speakers as a grid, a list or a carousel (operated by buttons and arrow keys; it
 * never moves by itself). Photos fall back to initials; a click opens the speaker's profile.
 *
 * @summary Speaker gallery: grid, list or carousel, with a profile dialog.
 *
 * @csspart gallery - The grid, list or carousel track.
 * @csspart speaker - One speaker tile (a button).
 * @csspart avatar - A photo or the initials.
 * @csspart name - A speaker's name in the dialog.
 * @csspart bio - The biography in the dialog.
 * @csspart dialog - The profile dialog.
 * @csspart button - Every button.
 * @csspart error - The error state.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSpeakers extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, dialogStyles, sessionStyles, speakerStyles, speakersStyles]

  private readonly data = new Task(this, {
    task: async (_args, { signal }) => {
      const api = this.api
      const [event, speakers] = await Promise.all([api.event(signal), api.speakers(signal)])
      return { event, speakers }
    },
    args: () => this.source,
  })

  @state() private selected?: Speaker
  @state() private slide = 0

  /** Arrangement: `grid` (default), `list` or `carousel`. */
  @property({ reflect: true }) layout: 'grid' | 'list' | 'carousel' = 'grid'

  @query('dialog') private dialog?: HTMLDialogElement

  private open(sp: Speaker): void {
    this.selected = sp
    void this.updateComplete.then(() => this.dialog?.showModal())
  }

  /** Moves the carousel to a slide, scrolls it into view and keeps focus on it. */
  private go(index: number, count: number, focus: boolean): void {
    this.slide = Math.max(0, Math.min(count - 1, index))
    void this.updateComplete.then(() => {
      const tile = this.renderRoot.querySelectorAll<HTMLElement>('.slide')[this.slide]
      tile?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'smooth' })
      if (focus) tile?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true })
    })
  }

  private onCarouselKey(e: KeyboardEvent, count: number): void {
    const next = { ArrowRight: this.slide + 1, ArrowLeft: this.slide - 1, Home: 0, End: count - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    this.go(next, count, true)
  }

  protected override render() {
    return html`<div class="root">
      ${this.data.render({
        pending: () => renderSkeleton(this.t, 0, 3),
        error: (err) => renderError(err, this.t, () => void this.data.run()),
        complete: ({ event, speakers }) =>
          speakers.length
            ? html`${this.layout === 'carousel' ? this.renderCarousel(speakers) : this.renderGallery(speakers)}
                ${this.renderDialog(event.timezone)}`
            : renderEmpty(this.t.noSpeakers),
      })}
    </div>`
  }

  private tile(sp: Speaker, tabindex = 0) {
    return html`<button class="tile" part="speaker" tabindex=${tabindex} aria-haspopup="dialog" @click=${() => this.open(sp)}>
      ${renderAvatar(sp, this.layout === 'list' ? '3rem' : '5.5rem')}
      <span class="tile__text">
        <span class="tile__name">${sp.name}</span>
        ${affiliation(sp) ? html`<span class="tile__aff">${affiliation(sp)}</span>` : nothing}
      </span>
    </button>`
  }

  private renderGallery(speakers: Speaker[]) {
    return html`<ul class="gallery gallery--${this.layout}" part="gallery" aria-label=${this.t.speakers}>
      ${speakers.map((sp) => html`<li>${this.tile(sp)}</li>`)}
    </ul>`
  }

  private renderCarousel(speakers: Speaker[]) {
    const { t } = this
    const n = speakers.length
    const index = Math.min(this.slide, n - 1)
    return html`<section class="carousel" aria-roledescription="carousel" aria-label=${t.speakers}>
      <div class="carousel__controls">
        <button class="btn carousel__btn" part="button" aria-label=${t.previous} ?disabled=${index === 0} @click=${() => this.go(index - 1, n, false)}>
          ${chevronLeft()}
        </button>
        <span class="carousel__pos" aria-live="polite">${t.slideOf(index + 1, n)}</span>
        <button class="btn carousel__btn" part="button" aria-label=${t.next} ?disabled=${index === n - 1} @click=${() => this.go(index + 1, n, false)}>
          ${chevronRight()}
        </button>
      </div>
      <div class="gallery gallery--carousel" part="gallery" @keydown=${(e: KeyboardEvent) => this.onCarouselKey(e, n)}>
        ${speakers.map(
          (
            sp,
            i,
          ) => html`<div class="slide ${i === index ? 'is-current' : ''}" role="group" aria-roledescription="slide" aria-label=${t.slideOf(i + 1, n)}>
            ${this.tile(sp, i === index ? 0 : -1)}
          </div>`,
        )}
      </div>
    </section>`
  }

  private renderDialog(timeZone: string) {
    const sp = this.selected
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @click=${(e: MouseEvent) => e.target === this.dialog && this.dialog?.close()}
      @close=${() => (this.selected = undefined)}>
      ${
        sp
          ? html`<div class="dialog__body">
            <div class="dialog__head">
              <span></span>
              <button class="btn dialog__close" part="button" aria-label=${this.t.close} @click=${() => this.dialog?.close()}>${closeIcon()}</button>
            </div>
            ${renderSpeakerProfile(sp, { t: this.t, lang: this.intlLocale, timeZone, headingId: 'dialog-title' })}
          </div>`
          : nothing
      }
    </dialog>`
  }
}
