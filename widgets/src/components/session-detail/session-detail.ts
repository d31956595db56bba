import { ServiceSessionDetail } from './session-detail.component.js'

export { ServiceSessionDetail }

if (!customElements.get('service-session-detail')) customElements.define('service-session-detail', ServiceSessionDetail)

declare global {
  interface HTMLElementTagNameMap {
    'service-session-detail': ServiceSessionDetail
  }
}
