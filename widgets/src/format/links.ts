/**
 * Speakers' web links: the name of the service a link points to, recognised by its host, so that
 * a link reads "GitHub" rather than "github.com" when the organiser gave it no label.
 */
const SERVICES: [host: RegExp, name: string][] = [
  [/(^|\.)github\.com$/, 'GitHub'],
  [/(^|\.)gitlab\.com$/, 'GitLab'],
  [/(^|\.)codeberg\.org$/, 'Codeberg'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)(twitter|x)\.com$/, 'X'],
  [/(^|\.)bsky\.app$/, 'Bluesky'],
  [/(^|\.)threads\.(net|com)$/, 'Threads'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)twitch\.tv$/, 'Twitch'],
  [/(^|\.)medium\.com$/, 'Medium'],
  [/(^|\.)dev\.to$/, 'DEV'],
  [/(^|\.)stackoverflow\.com$/, 'Stack Overflow'],
  [/(^|\.)speakerdeck\.com$/, 'Speaker Deck'],
  [/(^|\.)slideshare\.net$/, 'SlideShare'],
  [/(^|\.)sessionize\.com$/, 'Sessionize'],
  [/(^|\.)(mastodon\.[a-z]+|mastodon\.social|mstdn\.[a-z]+|fosstodon\.org|hachyderm\.io|chaos\.social|infosec\.exchange)$/, 'Mastodon'],
]

/** A link as shown: its text, and whether it is the speaker's own site (no known service). */
export interface LinkView {
  url: string
  text: string
  website: boolean
}

/**
 * What a speaker's link shows: the organiser's label, else the service recognised by host, else
 * (for a Fediverse profile, `/@name` on an unknown host) "Mastodon", else the host name.
 *
 * @example describeLink({ url: 'https://github.com/ada', label: null }) // { text: 'GitHub', … }
 */
export function describeLink(link: { url: string; label: string | null }): LinkView {
  let host = ''
  let path = ''
  try {
    const url = new URL(link.url)
    host = url.hostname.toLowerCase().replace(/^www\./, '')
    path = url.pathname
  } catch {
    // The embed API sends only valid http(s) URLs; anything else shows as written.
  }
  const service = SERVICES.find(([re]) => re.test(host))?.[1] ?? (/^\/@[^/]+\/?$/.test(path) ? 'Mastodon' : undefined)
  return { url: link.url, text: link.label?.trim() || service || host || link.url, website: !service }
}
