/**
 * Content-addressed file storage under DATA_DIR/uploads/files: a file's bytes live at
 * `<first 2 hex of its SHA-256>/<SHA-256>`, whatever the client called it, so no client text ever
 * becomes a path and the same bytes are kept once. Temporary files of uploads in progress live in
 * `.incoming/` of the same folder (one rename away from their final place).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { MultipartFile } from '@fastify/multipart'
import { SNIFF_BYTES, detectFileKind, type FileKind } from '../../domain/files/file-type'
import { receivePart, type ReceivedFile } from './receive'

/** An upload in its temporary file, with its detected kind. */
export interface Incoming extends ReceivedFile {
  kind: FileKind
}

const SHA = /^[0-9a-f]{64}$/

/** The store of one data directory. */
export class FileStore {
  readonly root: string
  private readonly incoming: string

  constructor(uploadDir: string) {
    this.root = path.join(uploadDir, 'files')
    this.incoming = path.join(this.root, '.incoming')
  }

  /** Where the bytes of a hash live (the hash is checked: never a path from outside). */
  pathOf(sha256: string): string {
    if (!SHA.test(sha256)) throw new Error('bad sha256')
    return path.join(this.root, sha256.slice(0, 2), sha256)
  }

  /** Streams a multipart file part to a temporary file (size-limited) and detects its kind. */
  async receive(part: MultipartFile, maxBytes: number): Promise<Incoming> {
    const r = await receivePart(part, this.incoming, maxBytes, { what: '文件', headBytes: SNIFF_BYTES })
    return { ...r, kind: detectFileKind(r.head) }
  }

  /** Moves an accepted upload to its content path (dropping it when those bytes are already kept). */
  keep(file: Incoming): string {
    const target = this.pathOf(file.sha256)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    if (fs.existsSync(target)) fs.rmSync(file.tempPath, { force: true })
    else fs.renameSync(file.tempPath, target)
    return target
  }

  /** Removes a temporary upload (refused or failed). */
  discard(file: Pick<Incoming, 'tempPath'>): void {
    fs.rmSync(file.tempPath, { force: true })
  }

  /** Removes the bytes of a hash (the caller knows nothing references them any more). */
  remove(sha256: string): void {
    fs.rmSync(this.pathOf(sha256), { force: true })
  }

  /** Whether the bytes of a hash are there. */
  has(sha256: string): boolean {
    return fs.existsSync(this.pathOf(sha256))
  }

  /**
   * Removes temporary uploads left by a process that stopped mid-upload: those older than an hour
   * (a younger one may belong to another process serving the same folder).
   */
  sweepIncoming(now = Date.now()): void {
    if (!fs.existsSync(this.incoming)) return
    for (const name of fs.readdirSync(this.incoming)) {
      const file = path.join(this.incoming, name)
      try {
        if (now - fs.statSync(file).mtimeMs > 3_600_000) fs.rmSync(file, { force: true })
      } catch {
        // gone meanwhile
      }
    }
  }
}
