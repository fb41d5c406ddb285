/**
 * Reads a multipart upload of one `file` part plus text fields (in any order) into the file
 * store's temporary folder. Shared by the file endpoints and the data-centre import.
 */
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError, badRequest } from '../http/errors'
import { tooLargeError } from './receive'
import type { FileStore, Incoming } from './store'

/** The text fields and the received file (null when none was sent). */
export interface MultipartUpload {
  fields: Record<string, string>
  file: Incoming | null
}

/**
 * Receives the request's parts. The caller owns the returned file: it must `keep` or `discard`
 * it. On any failure here nothing is left on disk.
 */
export async function readUpload(req: FastifyRequest, store: FileStore, maxBytes: number): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw new AppError(415, '请以 multipart/form-data 上传文件（字段名 file）')
  const fields: Record<string, string> = {}
  let file: Incoming | null = null
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume()
        throw badRequest('只能上传一个文件，字段名应为 file', [{ field: 'file', message: '只能上传一个文件，字段名应为 file' }])
      }
      file = await store.receive(part, maxBytes)
    }
  } catch (err) {
    if (file) store.discard(file)
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError('文件', maxBytes)
    if (code === 'FST_FILES_LIMIT') throw badRequest('只能上传一个文件', [{ field: 'file', message: '只能上传一个文件' }])
    if (err instanceof AppError) throw err
    throw badRequest('上传内容不完整或格式错误，请重新上传')
  }
  return { fields, file }
}

/** 400 naming the missing file. */
export const noFile = () => badRequest('请选择要上传的文件', [{ field: 'file', message: '请选择要上传的文件' }])

/**
 * The text fields of an upload through their schema; on a bad field the received file is removed
 * and 400 names every field and rule.
 */
export function uploadFields<S extends z.ZodType>(
  schema: S,
  upload: { fields: Record<string, string>; file: Incoming },
  store: FileStore,
): z.infer<S> {
  const parsed = schema.safeParse(upload.fields)
  if (parsed.success) return parsed.data
  store.discard(upload.file)
  const details = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }))
  throw badRequest(`参数校验失败：${details.map((d) => `${d.field}：${d.message}`).join('；')}`, details)
}
