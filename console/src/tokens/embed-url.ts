// The embed server's public address, where the loader, the widgets' manifest and the embed API
// live: `embed_url` of GET /v1/auth/session (docs/console.md). The one place the console reads it.
import { apiGet } from '../api/client.ts'
import { currentSession } from '../app/session.ts'

let known: string | undefined

/** `https://embed.example.com` (no trailing slash), from the session the shell holds or the API. */
export async function embedUrl(): Promise<string> {
  if (known) return known
  const held = (currentSession() as { embed_url?: string } | null)?.embed_url
  const url = held ?? (await apiGet<{ embed_url?: string }>('/auth/session')).embed_url
  if (!url) throw new Error('The admin API did not say where the embed server is (embed_url).')
  known = url.replace(/\/+$/, '')
  return known
}
