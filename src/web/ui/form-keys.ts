/**
 * Enter in a form of several fields never submits it early (issue 18, finding 9): in a one-line
 * field Enter moves to the next field, as a clerk typing a record down the form expects; the form
 * is sent by its button (or Ctrl/⌘ + Enter where the form passes `submit`; in a form of one field
 * Enter itself). Open pickers and selects keep Enter for choosing; text areas keep it for a new line.
 */
import type { KeyboardEvent } from 'react'

const FIELDS = 'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled])'

/** The form's `onKeyDown`. */
export function enterMovesOn(submit?: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    const target = e.target as HTMLElement
    if ((e.ctrlKey || e.metaKey) && submit) {
      e.preventDefault()
      submit()
      return
    }
    if (target.tagName !== 'INPUT') return
    e.preventDefault()
    // a select or picker that is open takes the Enter itself (its choice); focus stays
    if (target.getAttribute('aria-expanded') === 'true') return
    const fields = [...e.currentTarget.querySelectorAll<HTMLElement>(FIELDS)].filter((el) => el.offsetParent !== null)
    if (fields.length === 1 && submit) submit()
    else fields[fields.indexOf(target) + 1]?.focus()
  }
}
