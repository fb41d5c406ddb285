/**
 * 工业用地录入 (docs/product.md §2 /system/data/center/gyydInput): a new parcel — its fields by the data
 * standard and its outline drawn on the map — saved as a draft or submitted for audit; my new
 * parcels and drafts.
 */
import { useState } from 'react'
import { ListShell } from '../../../ui/list-shell'
import { MySubmissions } from '../components/my-submissions'
import { PageTabs, ReadOnlyNotice } from '../components/page-tabs'
import { RecordEditor } from '../components/record-editor'
import { useCanWrite } from '../../../widgets/use-can-write'

/** 工业用地录入 */
export function GyydInputPage() {
  const canWrite = useCanWrite('/system/data/center/gyydInput')
  // a fresh form after each save
  const [round, setRound] = useState(0)
  return (
    <ListShell title="工业用地录入" intro="录入新的工业用地地块，提交审核通过后写入主数据" testId="dc-gyyd-input-page">
      {!canWrite && <ReadOnlyNotice what="录入" />}
      <PageTabs
        items={[
          ...(canWrite
            ? [
                {
                  key: 'new',
                  label: '新增地块',
                  children: <RecordEditor key={round} kind="parcel" target={{ mode: 'create' }} onDone={() => setRound((r) => r + 1)} />,
                },
              ]
            : []),
          { key: 'mine', label: '我的新增与草稿', children: <MySubmissions kind="parcel" action="create" canWrite={canWrite} /> },
        ]}
      />
    </ListShell>
  )
}
