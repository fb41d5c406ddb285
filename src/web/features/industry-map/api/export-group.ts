/** 导出分组 GET /api/industryMap/landGroup/export, /api/industryMap/companyGroup/export */
import { GROUP_KINDS, type GroupKind } from '../../../../domain/contracts/record-group'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads a group's members as xlsx. */
export async function exportGroup(kind: GroupKind, id: number, name: string): Promise<void> {
  saveBlob(
    await apiDownloadGet(`${GROUP_KINDS[kind].prefix}/export`, { id }, { large: true }),
    `${GROUP_KINDS[kind].label}分组_${name}.xlsx`,
  )
}
