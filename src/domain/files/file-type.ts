/**
 * What an uploaded file really is, from its first bytes (magic numbers), never from the name the
 * client gave it: a file named .png that holds HTML is HTML. Pure: the server calls it on the head
 * of every upload (issue 7 "Bad input": a disguised HTML/SVG is refused).
 */

/** Kinds of content the platform recognises. */
export const FILE_KINDS = {
  pdf: { label: 'PDF 文档', mime: 'application/pdf' },
  png: { label: 'PNG 图片', mime: 'image/png' },
  jpeg: { label: 'JPEG 图片', mime: 'image/jpeg' },
  gif: { label: 'GIF 图片', mime: 'image/gif' },
  webp: { label: 'WebP 图片', mime: 'image/webp' },
  /** any ZIP container: .zip, and the Office Open XML files .xlsx / .docx / .pptx */
  zip: { label: 'ZIP 压缩包', mime: 'application/zip' },
  /** OLE compound file: the old .xls / .doc / .ppt */
  ole: { label: 'Office 97-2003 文档', mime: 'application/x-ole-storage' },
  /** a bare .shp main file (ESRI file code 9994) */
  shp: { label: 'Shapefile 图形文件', mime: 'application/octet-stream' },
  json: { label: 'JSON 文本', mime: 'application/json' },
  text: { label: '文本文件', mime: 'text/plain' },
  /** refused everywhere: a browser would run it */
  markup: { label: 'HTML/SVG/XML 标记文本', mime: 'text/html' },
  script: { label: '脚本', mime: 'text/plain' },
  executable: { label: '可执行程序', mime: 'application/octet-stream' },
  archive: { label: '非 ZIP 压缩包', mime: 'application/octet-stream' },
  unknown: { label: '无法识别的二进制内容', mime: 'application/octet-stream' },
} as const

/** See {@link FILE_KINDS}. */
export type FileKind = keyof typeof FILE_KINDS

/** How many leading bytes {@link detectFileKind} looks at (the server reads this much first). */
export const SNIFF_BYTES = 8192

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/**
 * Markup a browser would render or run if it were ever served inline, looked for anywhere in the
 * head (polyglots hide it after a valid-looking first line). Data files of this platform (CSV,
 * JSON, text) never contain these tags.
 */
const MARKUP =
  /<\s*(!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script[\s>]|svg[\s>:]|iframe[\s>]|object[\s>]|embed[\s>]|meta[\s>]|link[\s>]|style[\s>]|img[\s>]|a\s+href|form[\s>]|\?xml|!--|!\[cdata\[|x:script|math[\s>])/i

/**
 * The kind of content in `head` (the first bytes of a file; {@link SNIFF_BYTES} is plenty).
 * Text is told apart from binary by the absence of NUL and most control bytes; text that holds
 * HTML/SVG/XML markup or starts like a script is `markup` / `script`.
 */
export function detectFileKind(head: Uint8Array): FileKind {
  if (head.length === 0) return 'unknown'
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif'
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp'
  // local file header, or the end record of an empty archive
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'
  if (startsWith(head, [0x00, 0x00, 0x27, 0x0a])) return 'shp'
  if (
    startsWith(head, ascii('MZ')) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe])
  )
    return 'executable'
  if (
    startsWith(head, [0x1f, 0x8b]) ||
    startsWith(head, ascii('Rar!')) ||
    startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) ||
    startsWith(head, [0x42, 0x5a, 0x68]) ||
    startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])
  )
    return 'archive'
  if (!looksLikeText(head)) return 'unknown'
  const text = latin1(head)
  if (MARKUP.test(text)) return 'markup'
  const body = text.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart()
  if (body.startsWith('<')) return 'markup'
  if (body.startsWith('#!') || /^(<\?php|<%|javascript:)/i.test(body)) return 'script'
  if (body.startsWith('{') || body.startsWith('[')) return 'json'
  return 'text'
}

/** Bytes as latin-1 characters: enough for the ASCII tags we look for, whatever the encoding. */
function latin1(b: Uint8Array): string {
  let s = ''
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i])
  return s
}

/**
 * No NUL and few C0 control bytes (tab, CR, LF and form feed are text). UTF-8 and GBK text both
 * pass: their multi-byte characters are all ≥ 0x80. UTF-16 (NUL-rich) does not, on purpose.
 */
function looksLikeText(b: Uint8Array): boolean {
  let control = 0
  for (let i = 0; i < b.length; i++) {
    const c = b[i]
    if (c === 0) return false
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) control++
  }
  return control <= b.length / 100
}

/** The lower-case extension of a file name with its dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const i = base.lastIndexOf('.')
  return i > 0 ? base.slice(i).toLowerCase() : ''
}

/** The content kinds each accepted extension may hold. */
export const EXTENSION_KINDS: Readonly<Record<string, readonly FileKind[]>> = {
  '.pdf': ['pdf'],
  '.png': ['png'],
  '.jpg': ['jpeg'],
  '.jpeg': ['jpeg'],
  '.gif': ['gif'],
  '.webp': ['webp'],
  '.zip': ['zip'],
  '.xlsx': ['zip'],
  '.docx': ['zip'],
  '.pptx': ['zip'],
  '.xls': ['ole'],
  '.doc': ['ole'],
  '.ppt': ['ole'],
  '.shp': ['shp'],
  '.json': ['json'],
  '.geojson': ['json'],
  '.csv': ['text'],
  '.txt': ['text', 'json'],
}

/** Kinds refused by every upload, with the reason shown to the user. */
export const REFUSED_KINDS: Partial<Record<FileKind, string>> = {
  markup: '文件内容是 HTML/SVG/XML 标记，出于安全原因不接受（与扩展名无关）',
  script: '文件内容是脚本，出于安全原因不接受',
  executable: '文件内容是可执行程序，不接受',
  archive: '只接受 ZIP 格式的压缩包',
  unknown: '无法识别的文件内容（文件可能已损坏或不是所声明的类型）',
}

/**
 * Why a file of this name and content may not be stored, or null when it may. `allowed` limits
 * the extensions of one endpoint (e.g. documents only); every extension must match its content.
 */
export function refuseReason(name: string, kind: FileKind, allowed: readonly string[] = Object.keys(EXTENSION_KINDS)): string | null {
  const refused = REFUSED_KINDS[kind]
  if (refused) return refused
  const ext = extensionOf(name)
  if (!allowed.includes(ext)) return `不支持的文件类型「${ext || '无扩展名'}」，可上传：${allowed.join('、')}`
  const kinds = EXTENSION_KINDS[ext] ?? []
  if (!kinds.includes(kind)) return `文件内容（${FILE_KINDS[kind].label}）与扩展名 ${ext} 不符`
  return null
}
