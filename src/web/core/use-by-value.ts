import { useState } from 'react'

/**
 * The value first seen with this `key`, kept for as long as the key stays the same: a prop rebuilt on
 * every render (a literal array, a box, a list of rows) can then be a dependency of an effect or a
 * memo by its content rather than its identity. `key` defaults to the value's JSON text.
 */
export function useByValue<T>(value: T, key: string = JSON.stringify(value) ?? ''): T {
  const [held, setHeld] = useState({ key, value })
  if (held.key !== key) {
    // React's "adjust state while rendering": this render already uses the new value
    setHeld({ key, value })
    return value
  }
  return held.value
}
