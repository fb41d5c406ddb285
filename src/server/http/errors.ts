/** Failures that become the docs/api.md envelope with a Chinese message and the matching status. */
import type { FieldError } from '../../domain/contracts/envelope'

/** An expected failure: its status and message go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: FieldError[]) => new AppError(400, message, details)
export const unauthorized = (message = '未登录或登录已过期，请重新登录') => new AppError(401, message)
export const forbidden = (message = '权限不足') => new AppError(403, message)
export const notFound = (message: string) => new AppError(404, message)
export const conflict = (message: string) => new AppError(409, message)
