/**
 * Streams one uploaded package to disk: through a size limit and a SHA-256, into a temporary file
 * that becomes the stored file only when everything is right. Any failure removes it, so nothing
 * is left on disk (issue 3 "Bad input").
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import { AppError } from '../../http/errors'

/** A package written to a temporary file. */
export interface Received {
  tempPath: string
  fileName: string
  size: number
  sha256: string
  /** the first bytes are a ZIP local header (apk and ipa are ZIP files) */
  isZip: boolean
}

/** 413 with the limit stated. */
export const tooLarge = (maxBytes: number) => new AppError(413, `安装包超过大小上限 ${Math.round(maxBytes / 1024 / 1024)} MB`)

/** Writes the file part to `dir/.upload-*`; throws 413 past `maxBytes` after removing what was written. */
export async function receiveFile(part: MultipartFile, dir: string, maxBytes: number): Promise<Received> {
  fs.mkdirSync(dir, { recursive: true })
  const tempPath = path.join(dir, `.upload-${crypto.randomBytes(8).toString('hex')}`)
  const hash = crypto.createHash('sha256')
  let size = 0
  let head = Buffer.alloc(0)
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > maxBytes) return done(tooLarge(maxBytes))
      if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)])
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(part.file, meter, fs.createWriteStream(tempPath, { flags: 'wx' }))
    if (part.file.truncated) throw tooLarge(maxBytes)
  } catch (err) {
    fs.rmSync(tempPath, { force: true })
    // drain the rest of the part so the client gets the answer instead of a reset
    part.file.resume()
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes)
    throw err
  }
  return { tempPath, fileName: part.filename, size, sha256: hash.digest('hex'), isZip: head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) }
}
