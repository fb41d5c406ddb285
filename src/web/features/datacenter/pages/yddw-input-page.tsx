/**
 * 用地单位录入 (docs/product.md §2 /system/data/center/yddwInput): enterprises — change or delete one of the
 * master data, add a new one with its location on the map — each a draft or a submission for
 * audit; my submissions.
 */
import { useState } from 'react'
import { ListShell } from '../../../ui/list-shell'
import { MasterList } from '../components/master-list'
import { MySubmissions } from '../components/my-submissions'
import { PageTabs, ReadOnlyNotice } from '../components/page-tabs'
import { RecordEditor } from '../components/record-editor'
import { useCanWrite } from '../../../widgets/use-can-write'

/** 用地单位录入 */
export function YddwInputPage() {
  const canWrite = useCanWrite('/system/data/center/yddwInput')
  const [round, setRound] = useState(0)
  return (
    <ListShell title="用地单位录入" intro="新增、修改、删除用地单位（企业），提交审核通过后写入主数据" testId="dc-yddw-input-page">
      {!canWrite && <ReadOnlyNotice what="录入与修改" />}
      <PageTabs
        items={[
          { key: 'list', label: '企业列表', children: <MasterList kind="enterprise" canWrite={canWrite} /> },
          ...(canWrite
            ? [
                {
                  key: 'new',
                  label: '新增企业',
                  children: (
                    <RecordEditor key={round} kind="enterprise" target={{ mode: 'create' }} onDone={() => setRound((r) => r + 1)} />
                  ),
                },
              ]
            : []),
          { key: 'mine', label: '我的提交', children: <MySubmissions kind="enterprise" canWrite={canWrite} /> },
        ]}
      />
    </ListShell>
  )
}
