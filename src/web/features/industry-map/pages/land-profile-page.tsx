/**
 * 地块信息 (docs/product.md §2 /system/IndustryMap/Dkxx, the default page of 产业地图; also /systems/…): the
 * parcels of the user's data scope to search and filter, and the chosen parcel's 地块档案.
 */
import { ListShell } from '../../../ui/list-shell'
import { ParcelList } from '../components/parcel-list'
import { ParcelProfile } from '../components/parcel-profile'
import { NoProfile, ProfileLayout, useChosenId } from '../components/profile-layout'

/** 地块信息 (Dkxx) */
export function LandProfilePage() {
  const [id, choose] = useChosenId()
  return (
    <ListShell title="地块信息" intro="地块档案：查找地块，查看其图形、属性、用地单位和年度指标" testId="industry-map-dkxx">
      <ProfileLayout
        list={<ParcelList chosen={id} onChoose={choose} />}
        profile={id === null ? <NoProfile noun="地块" /> : <ParcelProfile id={id} />}
      />
    </ListShell>
  )
}
