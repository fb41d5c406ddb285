/**
 * Streams one multipart file part to a temporary file: through a size limit, a SHA-256 and a copy
 * of the first bytes (for type detection), into a file that becomes the stored one only when
 * everything is right. Any failure removes it, so a refused upload leaves nothing on disk.
 * Shared by every upload endpoint (app packages, files, import batches).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import { AppError } from '../http/errors'

/** A file part written to a temporary file. */
export interface ReceivedFile {
  tempPath: string
  /** the client's name: display only, never a path */
  fileName: string
  size: number
  sha256: string
  /** the first bytes (up to the `headBytes` asked for) */
  head: Buffer
}

/** 413 with the limit stated, in the words of the caller (安装包, 文件 …). */
export const tooLargeError = (what: string, maxBytes: number) =>
  new AppError(413, `${what}超过大小上限 ${Math.round(maxBytes / 1024 / 1024)} MB`)

/**
 * Writes the part to `dir/.upload-*`. Past `maxBytes` it throws 413 (after removing what was
 * written and draining the rest of the part so the client gets the answer, not a reset).
 */
export async function receivePart(
  part: MultipartFile,
  dir: string,
  maxBytes: number,
  opts: { what: string; headBytes: number },
): Promise<ReceivedFile> {
  fs.mkdirSync(dir, { recursive: true })
  const tempPath = path.join(dir, `.upload-${crypto.randomBytes(8).toString('hex')}`)
  const hash = crypto.createHash('sha256')
  let size = 0
  const heads: Buffer[] = []
  let headLen = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > maxBytes) return done(tooLargeError(opts.what, maxBytes))
      if (headLen < opts.headBytes) {
        const take = chunk.subarray(0, opts.headBytes - headLen)
        heads.push(Buffer.from(take))
        headLen += take.length
      }
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(part.file, meter, fs.createWriteStream(tempPath, { flags: 'wx' }))
    if (part.file.truncated) throw tooLargeError(opts.what, maxBytes)
  } catch (err) {
    fs.rmSync(tempPath, { force: true })
    part.file.resume()
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(opts.what, maxBytes)
    throw err
  }
  return { tempPath, fileName: part.filename, size, sha256: hash.digest('hex'), head: Buffer.concat(heads) }
}
