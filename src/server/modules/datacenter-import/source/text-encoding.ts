/**
 * The encoding of Chinese text files: UTF-8 (with or without BOM) or GBK (as Excel on Chinese
 * Windows saves CSV). Decided from a sample: a BOM says UTF-8; otherwise text that is valid
 * UTF-8 is UTF-8, and anything else is read as GB18030 (a superset of GBK and GB2312).
 */

/** Encodings the import reads text in. */
export type TextEncodingName = 'utf-8' | 'gb18030'

const utf8Strict = new TextDecoder('utf-8', { fatal: true })

/** Decides the encoding of a text sample (the first bytes of a file; a cut multi-byte tail is allowed). */
export function detectTextEncoding(sample: Uint8Array): TextEncodingName {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8'
  // a sample may end inside a character: drop up to 3 trailing bytes of an unfinished sequence
  for (let cut = 0; cut <= 3 && cut < sample.length; cut++) {
    try {
      utf8Strict.decode(sample.subarray(0, sample.length - cut))
      return 'utf-8'
    } catch {
      // try a shorter sample
    }
  }
  return 'gb18030'
}

/** The decoder of a .cpg / encoding label: UTF-8, GBK family (936, GB2312, GBK, GB18030), else the label itself. */
export function encodingOfLabel(label: string): string | null {
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^ansi\s*/, '')
  if (!l) return null
  if (/^utf-?8$/.test(l)) return 'utf-8'
  if (/^(cp)?936$|^gbk$|^gb2312$|^gb18030$|^gb_?2312/.test(l)) return 'gb18030'
  try {
    new TextDecoder(l)
    return l
  } catch {
    return null
  }
}
