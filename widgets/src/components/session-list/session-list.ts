import { ServiceSessionList } from './session-list.component.js'

export { ServiceSessionList }

if (!customElements.get('service-session-list')) customElements.define('service-session-list', ServiceSessionList)

declare global {
  interface HTMLElementTagNameMap {
    'service-session-list': ServiceSessionList
  }
}
