/**
 * 地块分组管理 and 企业分组管理 (docs/product.md §2 /system/IndustryMap/LandGroup and CompanyGroup; also
 * /systems/…): one page parameterised by the kind of group.
 */
import { GroupManager } from '../components/group-manager'

/** 地块分组管理 (LandGroup) */
export function LandGroupPage() {
  return <GroupManager kind="parcel" />
}

/** 企业分组管理 (CompanyGroup) */
export function CompanyGroupPage() {
  return <GroupManager kind="enterprise" />
}
