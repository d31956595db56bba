import { html } from 'lit'
import { property } from 'lit/decorators.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderSpeakerProfile } from '../../base/speaker-templates.js'
import { renderError, renderSkeleton } from '../../base/templates.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { speakerStyles } from '../../styles/speaker.styles.js'
import { avatarStyles, stateStyles } from '../../styles/theme.styles.js'
import { speakerCardStyles } from './speaker-card.styles.js'
import { speakerCardManifest } from './speaker-card.manifest.js'

/**
 * One speaker's profile card: photo (initials when there is none), name, title and company,
 * website and profiles, biography and sessions, times in the event's time zone.
 *
 * @summary One speaker's profile card with their sessions.
 *
 * @cssproperty --service-speaker-card-min-height - Height reserved for the card before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @csspart card - The card.
 * @csspart avatar - The photo or initials.
 * @csspart name - The speaker's name.
 * @csspart bio - The biography.
 * @csspart link - One of the speaker's web links.
 * @csspart session - One of the speaker's sessions.
 * @csspart track - A track label.
 * @csspart error - The error state: a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSpeakerCard extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, sessionStyles, speakerStyles, speakerCardStyles]

  private readonly data = this.dataTask(speakerCardManifest)

  /** UUID of the speaker to show. */
  @property({ attribute: 'speaker-id' }) speakerId?: string

  protected override render() {
    return this.renderData(this.data, {
      pending: () => renderSkeleton(this.t, 2, 1),
      error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
      complete: ({ event, speaker }) => html`<article class="card" part="card" aria-labelledby="name">
        ${renderSpeakerProfile(speaker, { t: this.t, lang: this.intlLocale, timeZone: event.timezone, headingId: 'name' })}
      </article>`,
    })
  }
}
