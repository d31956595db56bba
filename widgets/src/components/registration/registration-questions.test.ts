import { expect } from '@open-wc/testing'
import type { Question } from '../../api/types.js'
import { en } from '../../i18n/en.js'
import { checkAnswers } from './registration-questions.js'

const question = (id: string): Question => ({ id, label: id, type: 'text', required: true, options: null, ticket_ids: null })

describe('checkAnswers of the registration form', () => {
  it('asks for a required question named like an Object.prototype member (constructor) when it is not answered', () => {
    expect(checkAnswers([question('constructor')], {}, en)).to.deep.equal({ 'answers.constructor': en.required })
    expect(checkAnswers([question('constructor')], { constructor: 'Babbage' }, en)).to.deep.equal({})
  })
})
