import { ServiceSpeakers } from './speakers.component.js'

export { ServiceSpeakers }

if (!customElements.get('service-speakers')) customElements.define('service-speakers', ServiceSpeakers)

declare global {
  interface HTMLElementTagNameMap {
    'service-speakers': ServiceSpeakers
  }
}
