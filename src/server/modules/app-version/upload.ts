/**
 * App packages on the shared upload stream (src/server/files/receive.ts): a size limit and a
 * SHA-256 into a temporary file that becomes the stored file only when everything is right
 * (issue 3 "Bad input"). What the content must be is checked in package-check.ts.
 */
import type { MultipartFile } from '@fastify/multipart'
import { receivePart, tooLargeError } from '../../files/receive'

/** A package written to a temporary file. */
export interface Received {
  tempPath: string
  fileName: string
  size: number
  sha256: string
}

/** 413 with the limit stated. */
export const tooLarge = (maxBytes: number) => tooLargeError('安装包', maxBytes)

/** Writes the file part to `dir/.upload-*`; throws 413 past `maxBytes` after removing what was written. */
export async function receiveFile(part: MultipartFile, dir: string, maxBytes: number): Promise<Received> {
  const r = await receivePart(part, dir, maxBytes, { what: '安装包', headBytes: 0 })
  return { tempPath: r.tempPath, fileName: r.fileName, size: r.size, sha256: r.sha256 }
}
