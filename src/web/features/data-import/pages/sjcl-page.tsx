/**
 * 数据处理 (/system/data/center/sjcl, also under /systems and /warehouse): choose a batch, run the
 * checks with their progress, read the issues row by row with the field highlighted, fix a row
 * in place (re-checked at once), repair a shape, exclude rows, 退回 or 提交审核; export the issue
 * list and the rows (with the list's filter) as xlsx.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Space } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { BatchRowView } from '../../../../domain/contracts/datacenter-import'
import { READABLE_STATUSES } from '../../../../domain/datacenter/import-batch'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { excludeRows } from '../api/exclude-rows'
import { exportIssues } from '../api/export-issues'
import { exportRows } from '../api/export-rows'
import { useBatch } from '../api/query-batch'
import { useFields } from '../api/query-fields'
import { useRows } from '../api/query-rows'
import { repairGeometry } from '../api/repair-geometry'
import { BatchTable, useChosenBatch } from '../components/batch-table'
import { CheckPanel } from '../components/check-panel'
import { FixDrawer } from '../components/fix-drawer'
import { IssueTable, type IssueFilter } from '../components/issue-table'
import { useCanWrite } from '../../../widgets/use-can-write'
import { useRouteLink } from '../../../widgets/use-route-link'

/** 数据处理 */
export function SjclPage() {
  const canWrite = useCanWrite('/system/data/center/sjcl')
  const [chosen, choose] = useChosenBatch()
  const batch = useBatch(chosen)
  const fields = useFields(batch.data?.kind)
  const mapping = useRows(
    chosen && batch.data && READABLE_STATUSES.includes(batch.data.status) ? { id: chosen, page: 1, pageSize: 1 } : null,
  )
  const [filter, setFilter] = useState<IssueFilter>({ page: 1, pageSize: 20 })
  const [fixing, setFixing] = useState<BatchRowView | null>(null)
  const queryClient = useQueryClient()
  const run = useAction()
  const sjcj = useRouteLink()('/system/data/center/sjcj')
  const refresh = () => {
    for (const key of [['dc-batch', chosen], ['dc-batches'], ['dc-issues'], ['dc-summary', chosen]])
      void queryClient.invalidateQueries({ queryKey: key })
  }
  const b = batch.data
  const editable = canWrite && !!b && (b.status === '已上传' || b.status === '已检查')

  return (
    <ListShell title="数据处理" intro="按数据标准检查导入的批次，逐行修正问题，然后提交审核或退回" testId="sjcl-page">
      {!canWrite && (
        <Alert
          type="info"
          showIcon
          title="只读：可以查看检查结果，不能修改、退回或提交（需要系统平台 → 数据中心 → 数据处理的权限）"
          style={{ marginBottom: 12 }}
        />
      )}
      <Card size="small" title="选择批次" extra={sjcj && <Link to={sjcj}>去数据采集上传</Link>}>
        <BatchTable
          testId="sjcl-batch-table"
          chosen={chosen}
          actions={(x) => (
            <Button
              type="link"
              size="small"
              disabled={!READABLE_STATUSES.includes(x.status) && x.status !== '检查中'}
              onClick={() => {
                choose(x.id)
                setFilter({ page: 1, pageSize: 20 })
              }}
              data-testid={`process-${x.id}`}
            >
              处理
            </Button>
          )}
        />
      </Card>
      {!chosen && <Alert type="info" showIcon style={{ marginTop: 16 }} title="在上方选择一个批次，查看检查结果并处理" />}
      {batch.error && <Alert type="error" showIcon title={`批次 #${chosen} 无法打开：${batch.error.message}`} style={{ marginTop: 16 }} />}
      {b && (
        <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
          <CheckPanel batch={b} canWrite={canWrite} filter={filter} onFilter={setFilter} onChanged={refresh} />
          {READABLE_STATUSES.includes(b.status) && (
            <Card
              size="small"
              title="问题清单"
              extra={
                <Space>
                  <ExportButton
                    onExport={() => exportIssues({ id: b.id, level: filter.level, field: filter.field, rule: filter.rule })}
                    disabled={!b.checkedAt}
                    testId="export-issues"
                  >
                    导出问题清单
                  </ExportButton>
                  <ExportButton
                    onExport={() => exportRows({ id: b.id, level: filter.level, field: filter.field, rule: filter.rule })}
                    testId="export-rows"
                  >
                    导出数据行
                  </ExportButton>
                </Space>
              }
            >
              {!b.checkedAt && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title="批次还没有检查：点「运行检查」后，这里按行列出每个字段的问题"
                />
              )}
              <IssueTable
                batch={b}
                fields={fields.data?.fields ?? []}
                filter={filter}
                onFilter={setFilter}
                canEdit={editable}
                onFix={setFixing}
                onRepair={(r) =>
                  run(() => repairGeometry(b.id, r.rowNo), {
                    success: `第 ${r.sourceLine} 行图形已修复并复查`,
                    refresh: [['dc-issues'], ['dc-summary', b.id], ['dc-batch', b.id]],
                  })
                }
                onExclude={(r, excluded) =>
                  run(() => excludeRows({ id: b.id, rowNos: [r.rowNo], excluded }), {
                    success: excluded ? `第 ${r.sourceLine} 行已排除` : `第 ${r.sourceLine} 行已恢复`,
                    refresh: [['dc-issues'], ['dc-summary', b.id], ['dc-batch', b.id], ['dc-batches']],
                  })
                }
              />
            </Card>
          )}
          <FixDrawer
            batchId={b.id}
            row={fixing}
            mapping={mapping.data?.mapping ?? {}}
            standard={fields.data}
            onClose={() => setFixing(null)}
            onFixed={() => {
              for (const key of [['dc-issues'], ['dc-summary', b.id], ['dc-batch', b.id], ['dc-batches']])
                void queryClient.invalidateQueries({ queryKey: key })
            }}
          />
        </Space>
      )}
    </ListShell>
  )
}
