/**
 * 用地单位信息 (docs/product.md §2 /system/IndustryMap/Yddw; also /systems/…): the enterprises of the user's
 * data scope with the year's 亩均税收 and 评价类别, and the chosen enterprise's 企业档案.
 */
import { ListShell } from '../../../ui/list-shell'
import { EnterpriseList } from '../components/enterprise-list'
import { EnterpriseProfile } from '../components/enterprise-profile'
import { NoProfile, ProfileLayout, useChosenId } from '../components/profile-layout'

/** 用地单位信息 (Yddw) */
export function EnterpriseProfilePage() {
  const [id, choose] = useChosenId()
  return (
    <ListShell title="用地单位信息" intro="企业档案：查找用地单位，查看其属性、亩均效益、使用地块和年度指标" testId="industry-map-yddw">
      <ProfileLayout
        list={<EnterpriseList chosen={id} onChoose={choose} />}
        profile={id === null ? <NoProfile noun="企业" /> : <EnterpriseProfile id={id} />}
      />
    </ListShell>
  )
}
