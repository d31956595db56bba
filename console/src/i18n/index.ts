// The console's i18n helper: each feature folder keeps its own messages.ts (`defineMessages({en, de})`)
// and reads it with t() inside render(); elements hold an I18nController to follow a language change.
export { type Catalogue, defineMessages, t } from './catalogue.ts'
export { I18nController } from './controller.ts'
export { formatDate, formatDateRange, formatDateTime, formatNumber } from './format.ts'
export { LANGUAGE_EVENT, LANGUAGES, type Language, language, locale, pickLanguage, setLanguage } from './language.ts'
