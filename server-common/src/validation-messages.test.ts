import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldError, fieldErrorsOf, parseOptions, summarise } from './validation-messages.ts'

const messagesOf = (schema: z.ZodType, input: unknown, source: 'body' | 'query' = 'body') => {
  const result = schema.safeParse(input, parseOptions(source))
  if (result.success) throw new Error('expected a failure')
  return fieldErrorsOf(result.error, source)
}

/** Each kind of zod issue, without a message of its own, in words for people. */
describe('validation messages', () => {
  it.each([
    ['missing', z.object({ name: z.string() }), {}, 'name', 'name is required'],
    ['a wrong type', z.object({ n: z.number() }), { n: 'x' }, 'n', 'n must be a number, not a string'],
    ['null', z.object({ s: z.string() }), { s: null }, 's', 's must be a string, not null'],
    ['not a whole number', z.object({ n: z.number().int() }), { n: 1.5 }, 'n', 'n must be a whole number, not a number'],
    ['a boolean expected', z.object({ b: z.boolean() }), { b: 1 }, 'b', 'b must be true or false, not a whole number'],
    ['an empty string', z.object({ s: z.string().min(1) }), { s: '' }, 's', 's must not be empty'],
    ['a short string', z.object({ s: z.string().min(3) }), { s: 'ab' }, 's', 's must be at least 3 characters'],
    ['a long string', z.object({ s: z.string().max(2) }), { s: 'abc' }, 's', 's must be at most 2 characters'],
    ['a long list', z.object({ l: z.array(z.number()).max(1) }), { l: [1, 2] }, 'l', 'l must have at most 1 item'],
    ['a small number', z.object({ n: z.number().min(5) }), { n: 1 }, 'n', 'n must be at least 5'],
    ['a big number, exclusive', z.object({ n: z.number().lt(5) }), { n: 9 }, 'n', 'n must be less than 5'],
    ['an enum', z.object({ e: z.enum(['a', 'b']) }), { e: 'c' }, 'e', 'e must be one of a, b'],
    ['a literal', z.object({ l: z.literal(true) }), { l: false }, 'l', 'l must be true'],
    ['a UUID', z.object({ id: z.uuid() }), { id: 'x' }, 'id', 'id must be a UUID'],
    ['an email', z.object({ e: z.email() }), { e: 'x' }, 'e', 'e must be an email address'],
    ['a date', z.object({ d: z.iso.date() }), { d: 'x' }, 'd', 'd must be a date as YYYY-MM-DD'],
    ['a pattern', z.object({ p: z.string().regex(/^a+$/) }), { p: 'b' }, 'p', 'p is not in the expected format'],
    ['a refinement without a message', z.object({ r: z.string().refine(() => false) }), { r: 'x' }, 'r', 'r is invalid'],
    ['a nested path', z.object({ a: z.array(z.object({ b: z.string() })) }), { a: [{}] }, 'a.0.b', 'a.0.b is required'],
    ['an unknown key', z.strictObject({}), { foo: 1 }, 'foo', 'unknown field: foo'],
    ['an unknown nested key', z.object({ o: z.strictObject({}) }), { o: { bar: 1 } }, 'o.bar', 'unknown field: o.bar'],
    ['a schema’s own phrase', z.object({ s: z.string().max(1, 'is too long') }), { s: 'ab' }, 's', 's is too long'],
    ['a schema’s own sentence', z.object({ s: z.string().min(1, 'Enter a name') }), { s: '' }, 's', 'Enter a name'],
  ])('words %s', (_, schema, input, path, message) => {
    expect(messagesOf(schema, input)).toContainEqual({ path, message })
  })

  it('calls unknown keys of a query string parameters', () => {
    expect(messagesOf(z.strictObject({}), { colour: 'red' }, 'query')).toEqual([{ path: 'colour', message: 'unknown parameter: colour' }])
  })

  it('keeps a rule about the whole input as it is', () => {
    expect(fieldError('(root)', 'must not be empty')).toEqual({ path: '(root)', message: 'must not be empty' })
  })

  it('sums up at most three problems', () => {
    const fields = ['a', 'b', 'c', 'd', 'e'].map((p) => fieldError(p, 'is required'))
    expect(summarise(fields.slice(0, 1))).toBe('a is required')
    expect(summarise(fields.slice(0, 3))).toBe('a is required; b is required; c is required')
    expect(summarise(fields)).toBe('a is required; b is required; c is required; and 2 more (see details.fields)')
    expect(summarise([])).toBe('The request is invalid')
  })
})
