import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A page as a lazy chunk. */
export type Lazy = LazyExoticComponent<ComponentType>

/** React.lazy for a named export. */
export function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Lazy {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }))
}
