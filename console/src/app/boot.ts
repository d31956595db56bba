// What must happen before the shell connects (its module runs next, and connecting starts it):
// the session asked for, so the request overlaps the rest of the downloads, and the saved theme
// and language set, so the first paint is already in them.
import { language } from '../i18n/index.ts'
import { loadSessionEarly } from './session.ts'
import { applyTheme, initialTheme } from './theme.ts'

loadSessionEarly()
applyTheme(initialTheme())
document.documentElement.lang = language()
