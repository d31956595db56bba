import { z } from '../openapi/zod.ts'

const NUL = '\u0000'
const noNul = (v: string) => !v.includes(NUL)
const NUL_MESSAGE = 'must not contain a NUL character'

/** A UUID (any version); anything else is a 400 before it reaches the database. */
// No message of its own: a missing id is "is required", a malformed one "must be a UUID" (validation-messages.ts).
export const uuid = z.uuid().openapi({ format: 'uuid', example: '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b' })

/** A required, trimmed text of 1..`max` characters (docs/admin-api.md#limits), without NUL. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).refine(noNul, NUL_MESSAGE)

/** An optional text of at most `max` characters; `null` or an empty string clears it. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(noNul, NUL_MESSAGE).nullable().optional()

/** An ISO 8601 date-time with a time zone (`Z` or an offset). */
export const isoDateTime = z.iso.datetime({ offset: true }).openapi({ format: 'date-time', example: '2026-05-01T09:00:00Z' })

/** An email address, stored as given (compared case-insensitively). */
export const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'))
  .openapi({ type: 'string', format: 'email', example: 'ada@example.com' })

/** An absolute `http:` or `https:` URL. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(noNul, NUL_MESSAGE)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== ''
    } catch {
      return false
    }
  }, 'must be an http: or https: URL')
  .openapi({ format: 'uri', example: 'https://example.com/ada.jpg' })

export const MAX_TAGS = 50
export const MAX_TAG_LENGTH = 50

const tag = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters`)
  .refine((t) => !t.includes(',') && !t.includes(NUL), 'must not contain a comma or a NUL character')

/** Free-form labels of speakers and sessions: at most 50 of 1..50 characters, no commas, deduplicated. */
export const tags = z
  .array(tag)
  .max(MAX_TAGS, `must have at most ${MAX_TAGS} tags`)
  .transform((list) => [...new Set(list)])

/** Splits `?tags=a,b` into distinct, trimmed, non-empty tags. */
export const splitTags = (value: string): string[] => [
  ...new Set(
    value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
]

/** The `tags` filter of a list: comma-separated; an item matches when it has any of them. */
export const tagsFilter = z
  .string()
  .max(MAX_TAGS * (MAX_TAG_LENGTH + 1), 'is too long')
  .refine((v) => splitTags(v).length <= MAX_TAGS, `must list at most ${MAX_TAGS} tags`)
  .refine((v) => splitTags(v).every((t) => t.length <= MAX_TAG_LENGTH), `must list tags of at most ${MAX_TAG_LENGTH} characters each`)

/** The longest language tag we accept; real ones are far shorter (`zh-Hant-TW`, `de-CH-1996`). */
const MAX_LANGUAGE_TAG = 35
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })

/**
 * A BCP 47 language tag in its canonical spelling (`pt-br` → `pt-BR`), or `undefined` when `value`
 * is not a well-formed tag of a language the runtime knows (`english`, `xx`, `en_US` are refused).
 * Well-formedness and case come from `Intl.getCanonicalLocales` (Unicode BCP 47 locale
 * identifiers); the language subtag must have a name in the runtime's CLDR data.
 *
 * @example
 * canonicalLanguageTag('pt-br') // 'pt-BR'
 */
export function canonicalLanguageTag(value: string): string | undefined {
  if (value.length === 0 || value.length > MAX_LANGUAGE_TAG) return undefined
  try {
    const [canonical] = Intl.getCanonicalLocales(value)
    if (!canonical) return undefined
    const language = new Intl.Locale(canonical).language
    return language !== 'und' && languageNames.of(language) !== undefined ? canonical : undefined
  } catch {
    return undefined
  }
}

const LANGUAGE_MESSAGE = 'must be a BCP 47 language tag such as en, de or pt-BR'

/** A language tag, stored in its canonical spelling. */
export const languageTag = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const canonical = canonicalLanguageTag(value)
    if (canonical === undefined) {
      ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGE })
      return z.NEVER
    }
    return canonical
  })
  .openapi({ type: 'string', description: 'A BCP 47 language tag (`en`, `de`, `pt-BR`), stored in its canonical spelling', example: 'en' })

export const MAX_LINKS = 10
export const MAX_LINK_LABEL = 50

/** A speaker's website or profile elsewhere, as requests give it. */
export const LinkInput = z
  .object({
    url: httpUrl.openapi({ example: 'https://ada.example.com' }),
    label: optionalText(MAX_LINK_LABEL)
      .transform((v) => (v === '' ? null : v))
      .openapi({ description: 'What the link is (`Website`, `Mastodon`); null lets clients show the host', example: 'Website' }),
  })
  .strict()
  .openapi('LinkInput')

/** At most 10 links, kept in order; replaces the whole list. */
export const links = z
  .array(LinkInput)
  .max(MAX_LINKS, `must have at most ${MAX_LINKS} links`)
  .transform((list) => list.map((l) => ({ url: l.url, label: l.label ?? null })))
  .openapi({ description: `At most ${MAX_LINKS} links (http or https), in the order given; replaces the whole list` })

/** A link as responses show it. */
export const Link = z.object({ url: z.string(), label: z.string().nullable() }).openapi('Link')

/** Empty strings mean "no value" in stored optional texts. */
export const emptyToNull = (v: string | null | undefined): string | null | undefined => (v === '' ? null : v)

/** Path parameter `{id}`. */
export const IdParams = z.object({ id: uuid.openapi({ param: { name: 'id', in: 'path' } }) })

/** Where an imported item came from (docs/schedule-exchange.md); null when made here. */
export const SOURCE = z
  .string()
  .nullable()
  .openapi({ description: 'The system it was imported from (`frab`, `sessionize`); null when made here', example: 'frab' })

/** An imported item's id in its source: a re-import of the same source updates it in place. */
export const SOURCE_ID = z
  .string()
  .nullable()
  .openapi({ description: 'Its id in its source; a re-import matches on it', example: 'b0c3e0f2-6a43-5e5c-9e0d-2f1f4e3b1a7c' })
