/**
 * A safe ZIP reader for uploads (issue 7 "Bad input"): reads the central directory, refuses what
 * could hurt before inflating a byte — too many entries, too large, a compression ratio no real
 * data has (zip bombs), paths that escape the folder (`..`, absolute, drive letters), symbolic
 * links, encryption, ZIP64 and unknown methods — and inflates entries in memory only, never more
 * than their declared size (a bomb that lies about its size is cut off), checking the CRC.
 * Nothing is ever extracted to disk.
 */
import fs from 'node:fs'
import zlib from 'node:zlib'
import { Readable, Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** The limits one archive must stay within. */
export interface ZipLimits {
  maxEntries: number
  /** largest uncompressed entry */
  maxEntryBytes: number
  /** largest sum of uncompressed entries */
  maxTotalBytes: number
  /** largest uncompressed ÷ compressed ratio of an entry bigger than {@link ratioFloorBytes} */
  maxRatio: number
  /** entries up to this size may have any ratio (a tiny text file of spaces is not a bomb) */
  ratioFloorBytes: number
}

/**
 * Limits of uploaded archives. Real data: a 100 000-row worksheet is about 60 MB of XML at a
 * ratio near 10:1, a shapefile of 5 000 parcels a few MB at about 2:1; a zip bomb reaches 1000:1.
 */
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 400 * 1024 * 1024,
  maxTotalBytes: 600 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
}

/** A refusal with the Chinese message to show. */
export class ZipError extends Error {}

/** One entry of the central directory. */
export interface ZipEntry {
  /** path inside the archive, `/`-separated, checked to stay inside it */
  name: string
  method: number
  compressedSize: number
  size: number
  crc32: number
  localOffset: number
  isDirectory: boolean
}

interface Source {
  size: number
  read(position: number, length: number): Promise<Buffer>
  stream(start: number, length: number): NodeJS.ReadableStream
  close(): Promise<void>
}

function bufferSource(buf: Buffer): Source {
  return {
    size: buf.length,
    read: async (p, n) => buf.subarray(p, Math.min(p + n, buf.length)),
    stream: (p, n) => Readable.from([buf.subarray(p, p + n)]),
    close: async () => {},
  }
}

async function fileSource(file: string): Promise<Source> {
  const fh = await fs.promises.open(file, 'r')
  const { size } = await fh.stat()
  return {
    size,
    async read(p, n) {
      const len = Math.max(0, Math.min(n, size - p))
      const buf = Buffer.alloc(len)
      if (len) await fh.read(buf, 0, len, p)
      return buf
    },
    stream: (p, n) => fs.createReadStream(file, { start: p, end: p + n - 1 }),
    close: () => fh.close(),
  }
}

const EOCD = 0x06054b50
const CEN = 0x02014b50
const LOC = 0x04034b50
const ZIP64_LOCATOR = 0x07064b50
const S_IFMT = 0o170000
const S_IFLNK = 0o120000
const MB = 1024 * 1024

const utf8 = new TextDecoder('utf-8', { fatal: true })
const gbk = new TextDecoder('gbk')

/** Entry names: UTF-8 when flagged (or when they decode as UTF-8), else GBK as Chinese tools write them. */
function decodeName(bytes: Buffer, utf8Flag: boolean): string {
  if (utf8Flag) return new TextDecoder('utf-8').decode(bytes)
  try {
    return utf8.decode(bytes)
  } catch {
    return gbk.decode(bytes)
  }
}

/** Why an entry path is unsafe, or null. */
export function unsafePathReason(name: string): string | null {
  const n = name.replace(/\\/g, '/')
  if (n.includes('\0')) return `压缩包中的路径「${name}」含非法字符`
  if (n.startsWith('/') || /^[a-zA-Z]:/.test(n)) return `压缩包中的路径「${name}」是绝对路径，已拒绝`
  if (n.split('/').some((seg) => seg === '..')) return `压缩包中的路径「${name}」试图跳出所在文件夹（..），已拒绝`
  return null
}

/** An open archive whose entries passed every check of {@link openZip}. */
export class ZipArchive {
  constructor(
    private readonly src: Source,
    readonly entries: readonly ZipEntry[],
  ) {}

  /** The entry of this exact name (case-insensitive), if any. */
  find(name: string): ZipEntry | undefined {
    const lower = name.toLowerCase()
    return this.entries.find((e) => e.name.toLowerCase() === lower)
  }

  private async dataStart(e: ZipEntry): Promise<number> {
    const h = await this.src.read(e.localOffset, 30)
    if (h.length < 30 || h.readUInt32LE(0) !== LOC) throw new ZipError(`压缩包已损坏：「${e.name}」的文件头不正确`)
    return e.localOffset + 30 + h.readUInt16LE(26) + h.readUInt16LE(28)
  }

  /** The entry's bytes, inflated in memory, never past its declared size, CRC-checked. */
  async read(e: ZipEntry): Promise<Buffer> {
    const start = await this.dataStart(e)
    const raw = await this.src.read(start, e.compressedSize)
    if (raw.length !== e.compressedSize) throw new ZipError(`压缩包已损坏：「${e.name}」的数据不完整`)
    let out: Buffer
    if (e.method === 0) out = raw
    else {
      try {
        out = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) })
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipError(`压缩包中「${e.name}」解压后超过其声明的大小，疑似压缩炸弹，已拒绝`)
        throw new ZipError(`压缩包已损坏：「${e.name}」无法解压`)
      }
    }
    if (out.length !== e.size || zlib.crc32(out) >>> 0 !== e.crc32) throw new ZipError(`压缩包已损坏：「${e.name}」的校验不符`)
    return out
  }

  /**
   * The first `n` bytes of an entry (fewer when the entry is shorter or broken), inflating no more
   * than that: what a format's header declares is checked before its body is read.
   */
  async readHead(e: ZipEntry, n: number): Promise<Buffer> {
    const start = await this.dataStart(e)
    const want = Math.min(n, e.size)
    if (want <= 0) return Buffer.alloc(0)
    if (e.method === 0) return this.src.read(start, want)
    // deflate writes at most about 1032 output bytes per input byte: a prefix of the body is enough
    const raw = await this.src.read(start, Math.min(e.compressedSize, 64 * 1024))
    return new Promise<Buffer>((resolve) => {
      const inflate = zlib.createInflateRaw()
      const parts: Buffer[] = []
      let got = 0
      let settled = false
      const finish = () => {
        if (settled) return
        settled = true
        inflate.destroy()
        resolve(Buffer.concat(parts).subarray(0, want))
      }
      inflate.on('data', (chunk: Buffer) => {
        parts.push(chunk)
        got += chunk.length
        if (got >= want) finish()
      })
      inflate.on('end', finish)
      // a prefix ends mid-stream: what was inflated up to there is the answer
      inflate.on('error', finish)
      inflate.end(raw)
    })
  }

  /**
   * The entry's bytes as a stream, inflated as they are read and cut off with a {@link ZipError}
   * at the first byte past the declared size (a reader that trusts the archive, like the
   * spreadsheet parser, is never fed more than the limits allowed). `onBytes` counts what passed.
   */
  async openStream(e: ZipEntry, onBytes?: (n: number) => void): Promise<NodeJS.ReadableStream> {
    const start = await this.dataStart(e)
    let seen = 0
    let crc = 0
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length
        if (seen > e.size) return done(new ZipError(`压缩包中「${e.name}」解压后超过其声明的大小，疑似压缩炸弹，已拒绝`))
        crc = zlib.crc32(chunk, crc)
        onBytes?.(chunk.length)
        done(null, chunk)
      },
      flush(done) {
        if (seen !== e.size || crc >>> 0 !== e.crc32) return done(new ZipError(`压缩包已损坏：「${e.name}」的校验不符`))
        done()
      },
    })
    const input = this.src.stream(start, e.compressedSize)
    const fail = (err: Error) => meter.destroy(err instanceof ZipError ? err : new ZipError(`压缩包已损坏：「${e.name}」无法解压`))
    if (e.method === 0) {
      input.on('error', fail)
      input.pipe(meter)
    } else {
      const inflate = zlib.createInflateRaw()
      input.on('error', fail)
      inflate.on('error', fail)
      input.pipe(inflate).pipe(meter)
    }
    return meter
  }

  /** Reads every entry through {@link openStream}, keeping nothing: proves the whole archive honest. */
  async verify(): Promise<void> {
    for (const e of this.entries) {
      if (e.isDirectory || e.size === 0) continue
      const stream = await this.openStream(e)
      await pipeline(stream, new Writable({ write: (_c, _e, done) => done() }))
    }
  }

  close(): Promise<void> {
    return this.src.close()
  }
}

/**
 * Opens an archive (a file path or bytes) and checks its central directory against the limits.
 * Throws {@link ZipError} with the reason in Chinese.
 */
export async function openZip(input: string | Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<ZipArchive> {
  const src = typeof input === 'string' ? await fileSource(input) : bufferSource(input)
  try {
    const entries = await readDirectory(src, limits)
    return new ZipArchive(src, entries)
  } catch (err) {
    await src.close()
    throw err
  }
}

async function readDirectory(src: Source, limits: ZipLimits): Promise<ZipEntry[]> {
  const tailLen = Math.min(src.size, 22 + 0xffff)
  const tail = await src.read(src.size - tailLen, tailLen)
  let at = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i
      break
    }
  }
  if (at < 0) throw new ZipError('压缩包已损坏或不是 ZIP 格式（找不到目录）')
  if (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) throw new ZipError('不支持 ZIP64 格式的压缩包，请用常规 ZIP 格式重新压缩')
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw new ZipError('不支持分卷压缩包')
  const count = tail.readUInt16LE(at + 10)
  const cdSize = tail.readUInt32LE(at + 12)
  const cdOffset = tail.readUInt32LE(at + 16)
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('不支持 ZIP64 格式的压缩包，请用常规 ZIP 格式重新压缩')
  if (count > limits.maxEntries) throw new ZipError(`压缩包中的文件过多（${count} 个，上限 ${limits.maxEntries} 个）`)
  if (cdOffset + cdSize > src.size) throw new ZipError('压缩包已损坏（目录越界）')
  const cd = await src.read(cdOffset, cdSize)
  const entries: ZipEntry[] = []
  let total = 0
  let p = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CEN) throw new ZipError('压缩包已损坏（目录项不完整）')
    const madeBy = cd.readUInt16LE(p + 4)
    const flags = cd.readUInt16LE(p + 8)
    const method = cd.readUInt16LE(p + 10)
    const crc32 = cd.readUInt32LE(p + 16)
    const compressedSize = cd.readUInt32LE(p + 20)
    const size = cd.readUInt32LE(p + 24)
    const nameLen = cd.readUInt16LE(p + 28)
    const extraLen = cd.readUInt16LE(p + 30)
    const commentLen = cd.readUInt16LE(p + 32)
    const external = cd.readUInt32LE(p + 38)
    const localOffset = cd.readUInt32LE(p + 42)
    const name = decodeName(cd.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0).replace(/\\/g, '/')
    p += 46 + nameLen + extraLen + commentLen
    const unsafe = unsafePathReason(name)
    if (unsafe) throw new ZipError(unsafe)
    if (madeBy >> 8 === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) throw new ZipError(`压缩包中的「${name}」是符号链接，已拒绝`)
    if (flags & 0x1) throw new ZipError(`压缩包中的「${name}」已加密，请解密后重新压缩`)
    if (method !== 0 && method !== 8) throw new ZipError(`压缩包中的「${name}」使用了不支持的压缩方式（${method}），请用常规 ZIP 重新压缩`)
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipError('不支持 ZIP64 格式的压缩包，请用常规 ZIP 格式重新压缩')
    if (localOffset + 30 > src.size || localOffset + compressedSize > src.size) throw new ZipError(`压缩包已损坏：「${name}」的位置越界`)
    if (size > limits.maxEntryBytes)
      throw new ZipError(
        `压缩包中「${name}」解压后 ${Math.round(size / MB)} MB，超过单个文件上限 ${Math.round(limits.maxEntryBytes / MB)} MB`,
      )
    if (size > limits.ratioFloorBytes && size / Math.max(1, compressedSize) > limits.maxRatio) {
      throw new ZipError(
        `压缩包中「${name}」的压缩比 ${Math.round(size / Math.max(1, compressedSize))}:1 异常（上限 ${limits.maxRatio}:1），疑似压缩炸弹，已拒绝`,
      )
    }
    if (method === 0 && size !== compressedSize) throw new ZipError(`压缩包已损坏：「${name}」的大小不一致`)
    total += size
    if (total > limits.maxTotalBytes)
      throw new ZipError(`压缩包解压后总大小超过上限 ${Math.round(limits.maxTotalBytes / MB)} MB，疑似压缩炸弹，已拒绝`)
    entries.push({ name, method, compressedSize, size, crc32, localOffset, isDirectory: name.endsWith('/') })
  }
  return entries
}
