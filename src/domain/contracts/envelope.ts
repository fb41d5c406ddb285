/** The response envelope of docs/api.md: every JSON response, success or failure. */
export interface Envelope<T> {
  code: number
  message: string
  data: T
  /** Validation failures: which field broke which rule. */
  details?: FieldError[]
}

/** One broken rule of one input field. */
export interface FieldError {
  field: string
  message: string
}

/** A page of a list (query params `page`, `pageSize`). */
export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}

/** Largest page a client may ask for (docs/api.md). */
export const MAX_PAGE_SIZE = 500
