/**
 * 地块更新 (docs/product.md §2 /system/data/center/input, the data centre's default page): find a parcel of
 * the master data, change its fields and its shape on the map, save a draft or submit it for
 * audit; my submissions with their state and, when returned, the auditor's reason.
 */
import { ListShell } from '../../../ui/list-shell'
import { MasterList } from '../components/master-list'
import { MySubmissions } from '../components/my-submissions'
import { PageTabs, ReadOnlyNotice } from '../components/page-tabs'
import { useCanWrite } from '../../../widgets/use-can-write'

/** 地块更新 */
export function InputPage() {
  const canWrite = useCanWrite('/system/data/center/input')
  return (
    <ListShell title="地块更新" intro="修改、删除工业用地地块（含图形），提交审核通过后写入主数据" testId="dc-input-page">
      {!canWrite && <ReadOnlyNotice what="修改与删除" />}
      <PageTabs
        testId="input-tabs"
        items={[
          { key: 'list', label: '地块列表', children: <MasterList kind="parcel" canWrite={canWrite} /> },
          { key: 'mine', label: '我的提交', children: <MySubmissions kind="parcel" canWrite={canWrite} /> },
        ]}
      />
    </ListShell>
  )
}
