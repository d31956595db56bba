import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { EmbedClient } from '../api/client.js'
import type { LiveMessage } from '../api/live-client.js'

/**
 * Keeps its host following its event's live stream (`api/live-client.ts`) while connected. The
 * stream's code is loaded with a dynamic import after the host's first paint, so it is not on the
 * path to the first screen. `client()` returning `undefined` (live off, no event or token) stops
 * following; a change of event, token or server follows the new one.
 */
export class LiveController implements ReactiveController {
  private following?: { key: string; stop: () => void }
  private connected = false
  private pending = false

  constructor(
    host: ReactiveControllerHost,
    private readonly client: () => EmbedClient | undefined,
    private readonly onMessage: (message: LiveMessage) => void,
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    this.connected = true
  }

  hostUpdated(): void {
    const api = this.client()
    if ((api?.liveUrl ?? '') === (this.following?.key ?? '') || this.pending) return
    this.pending = true
    // After the frame this update paints: the stream is an enhancement, never first.
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.pending = false
        void this.sync()
      }),
    )
  }

  hostDisconnected(): void {
    this.connected = false
    this.following?.stop()
    this.following = undefined
  }

  /** Follows the stream of the current client, or none. */
  private async sync(): Promise<void> {
    const api = this.connected ? this.client() : undefined
    const key = api?.liveUrl ?? ''
    if (key === (this.following?.key ?? '')) return
    this.following?.stop()
    this.following = undefined
    if (!api) return
    const { followLive } = await import('../api/live-client.js')
    // Disconnected or changed while the module loaded: the next update decides again.
    if (!this.connected || this.client()?.liveUrl !== key || this.following) return
    this.following = { key, stop: followLive(api, this.onMessage) }
  }
}
