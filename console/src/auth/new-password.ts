// The "choose a password" pair used by invitations, resets, sign-up and the password change:
// the rule is shown before typing, and checked before sending.
import '@awesome.me/webawesome/dist/components/input/input.js'
import { html } from 'lit'
import { t } from '../i18n/index.ts'
import { messages } from './messages.ts'
import { MIN_PASSWORD_LENGTH, passwordIssues } from './password-rules.ts'

/** Two password inputs named `name` and `name_repeat`, the first with the rule as its hint. */
export function newPasswordFields(name: string, label = t(messages).newPassword) {
  const m = t(messages)
  return html`<wa-input
      name=${name}
      type="password"
      label=${label}
      hint=${m.passwordRule(MIN_PASSWORD_LENGTH)}
      autocomplete="new-password"
      minlength=${MIN_PASSWORD_LENGTH}
      required
      password-toggle
    ></wa-input>
    <wa-input name="${name}_repeat" type="password" label=${m.repeatPassword} autocomplete="new-password" required password-toggle></wa-input>`
}

/** What is wrong with the pair in a form's values, as sentences (empty when fine). */
export function newPasswordProblems(values: Record<string, string>, name: string, email: string | undefined): string[] {
  const m = t(messages)
  return passwordIssues(values[name] ?? '', values[`${name}_repeat`] ?? '', email).map((issue) =>
    issue === 'short' ? m.issues.short(MIN_PASSWORD_LENGTH) : m.issues[issue],
  )
}
