/**
 * What makes an app package one (issue 18): an .apk is a ZIP holding AndroidManifest.xml at its
 * root, an .ipa a ZIP holding the application folder Payload/<name>.app/. Only the archive's
 * directory is read (nothing is inflated), with limits that fit real packages — thousands of
 * entries, any compression ratio, since no entry is ever unpacked.
 */
import type { AppPlatform } from '../../../domain/contracts/admin-app'
import { openZip, ZipError, type ZipLimits } from '../../files/zip'

const PACKAGE_LIMITS: ZipLimits = {
  maxEntries: 65_535,
  maxEntryBytes: 0xfffffffe,
  maxTotalBytes: Number.MAX_SAFE_INTEGER,
  maxRatio: Number.POSITIVE_INFINITY,
  ratioFloorBytes: 0,
}

const IOS_APP = /^Payload\/[^/]+\.app\//i

/** Why the file is not a package of the platform (Chinese, for a 422), or null when it is one. */
export async function packageProblem(file: string, platform: AppPlatform): Promise<string | null> {
  const noun = platform === 'android' ? 'Android 安装包（.apk）' : 'iOS 安装包（.ipa）'
  let zip
  try {
    zip = await openZip(file, PACKAGE_LIMITS)
  } catch (err) {
    return `不是有效的${noun}：文件不是 ZIP 格式${err instanceof ZipError ? `（${err.message}）` : ''}`
  }
  try {
    if (platform === 'android') return zip.find('AndroidManifest.xml') ? null : `不是有效的${noun}：包内缺少 AndroidManifest.xml`
    return zip.entries.some((e) => IOS_APP.test(e.name)) ? null : `不是有效的${noun}：包内缺少 Payload/<应用名>.app/ 应用目录`
  } finally {
    await zip.close()
  }
}
