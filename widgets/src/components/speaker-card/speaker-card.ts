import { ServiceSpeakerCard } from './speaker-card.component.js'

export { ServiceSpeakerCard }

if (!customElements.get('service-speaker-card')) customElements.define('service-speaker-card', ServiceSpeakerCard)

declare global {
  interface HTMLElementTagNameMap {
    'service-speaker-card': ServiceSpeakerCard
  }
}
