import {
  type AttributeValues,
  FIRST_SCREEN_ATTRIBUTES,
  FIRST_SCREEN_LOCALE,
  FIRST_SCREEN_READS,
  FIRST_SCREEN_TAGS,
  type FirstScreenAttribute,
  type FirstScreenTag,
  firstScreenLocale,
} from '@event-service/widgets/first-screens'
import { isDay } from '../events/events.routes.ts'
import { UUID_PATTERN } from '../guard/path-ids.ts'
import { z } from '../openapi/zod.ts'

/** Longest attribute value a first screen is drawn for (ids, a track's name, a language tag). */
const MAX_VALUE = 200
const UUID = new RegExp(`^${UUID_PATTERN}$`)

export const FirstScreenParams = z.object({
  eventId: z.uuid(),
  element: z.enum(FIRST_SCREEN_TAGS).openapi({ description: 'The element to draw' }),
})

/** An attribute's value after validation: normalised, `undefined` when it changes nothing (an empty filter). */
type Normalised = z.ZodType<string | undefined, string | undefined>

const text = z.string().max(MAX_VALUE, `must be at most ${MAX_VALUE} characters`)

/**
 * The schema of one kind of value (`AttributeValues`). Each spelling of the same screen becomes one
 * value (a canonical language tag, a lower-case id, `limit` without leading zeros), and a value
 * the element treats as none (an empty filter, `limit=0`) becomes none, so that the screens
 * kept are one per screen drawn, not one per spelling.
 */
function valuesSchema(values: AttributeValues): Normalised {
  if (typeof values !== 'string') return z.enum(values as readonly [string, ...string[]]).optional()
  switch (values) {
    case 'id':
      // Required: the element shows an error without it, and there is nothing to draw.
      return z.string().toLowerCase().regex(UUID, 'must be a UUID')
    case 'language-tag':
      return text.optional().transform((tag, ctx) => {
        const locale = tag ? firstScreenLocale(tag) : FIRST_SCREEN_LOCALE
        if (locale === undefined) ctx.addIssue({ code: 'custom', message: 'must be a language tag such as en, de or en-GB' })
        return locale ?? z.NEVER
      })
    case 'day':
      return text
        .refine((day) => day === '' || isDay(day), 'must be a date as YYYY-MM-DD')
        .optional()
        .transform((day) => day || undefined)
    case 'count':
      return z
        .string()
        .regex(/^\d{0,6}$/, 'must be a whole number of at most 6 digits')
        .optional()
        .transform((count) => (count && Number(count) > 0 ? String(Number(count)) : undefined))
    case 'text':
      return text.optional().transform((value) => value || undefined)
  }
}

const described = (values: AttributeValues): string =>
  typeof values !== 'string'
    ? `one of ${values.join(', ')}`
    : {
        id: 'a UUID (required)',
        'language-tag': `a BCP 47 language tag (default ${FIRST_SCREEN_LOCALE}; drawn in English for a language without a catalogue, without Unicode extensions)`,
        day: 'a date as YYYY-MM-DD',
        count: 'a whole number (0: all)',
        text: `any text of at most ${MAX_VALUE} characters`,
      }[values]

type Reads = Partial<Record<FirstScreenAttribute, AttributeValues>>

/** The attributes of one element's first screen, normalised; the other query parameters are dropped. */
export type FirstScreenAttrs = Partial<Record<FirstScreenAttribute, string>>

/**
 * Per element: the attributes its first screen reads (`FIRST_SCREEN_READS`, the one list), validated
 * and normalised; every other parameter (one the element ignores, or does not have) is dropped,
 * so that it can neither fail the request nor make another screen.
 */
export const FIRST_SCREEN_QUERIES = Object.fromEntries(
  FIRST_SCREEN_TAGS.map((tag) => {
    const reads: Reads = FIRST_SCREEN_READS[tag]
    const shape = Object.fromEntries(Object.entries(reads).map(([name, values]) => [name, valuesSchema(values)]))
    return [tag, z.object(shape) as unknown as z.ZodType<FirstScreenAttrs>]
  }),
) as Record<FirstScreenTag, z.ZodType<FirstScreenAttrs>>

/** Which elements read `name`, and its values where it is first declared. */
const readersOf = (name: FirstScreenAttribute) => {
  const readers = FIRST_SCREEN_TAGS.filter((tag) => name in FIRST_SCREEN_READS[tag])
  return { readers, values: (FIRST_SCREEN_READS[readers[0]!] as Reads)[name]! }
}

/**
 * The query of every element together, for the OpenAPI document (`token` as for every read): the
 * element's attributes that decide what it shows, as query parameters of the same names
 * (`loader.js` copies them). The route validates each element's own (`FIRST_SCREEN_QUERIES`).
 */
export const FirstScreenQuery = z.object(
  Object.fromEntries(
    FIRST_SCREEN_ATTRIBUTES.map((name) => {
      const { readers, values } = readersOf(name)
      const only = readers.length === FIRST_SCREEN_TAGS.length ? 'every element' : readers.join(', ')
      return [
        name,
        valuesSchema(values)
          .optional()
          .openapi({ description: `The \`${name}\` attribute of ${only}: ${described(values)}` }),
      ]
    }),
  ),
)
