/**
 * 数据采集 (/system/data/center/sjcj, also under /systems and /warehouse): upload a batch — xlsx,
 * csv, a zipped shapefile or GeoJSON — with its progress; the batch list; for the chosen batch its
 * rows, its shapes on the map and the column mapping, its rows as xlsx; templates from the data
 * standard.
 */
import { Alert, App, Button, Card, Descriptions, Space, Tabs } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { READABLE_STATUSES, SOURCE_CRS } from '../../../../domain/datacenter/import-batch'
import { RECORD_KIND_LABEL } from '../../../../domain/datacenter/standard'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { deleteBatch } from '../api/delete-batch'
import { exportRows } from '../api/export-rows'
import { useBatch } from '../api/query-batch'
import { reimportBatch } from '../api/reimport-batch'
import { BatchTable, useChosenBatch } from '../components/batch-table'
import { JobProgress } from '../components/job-progress'
import { BatchTitle } from '../components/labels'
import { formatTime } from '../../../widgets/format-time'
import { MappingEditor } from '../components/mapping-editor'
import { PreviewTable } from '../components/preview-table'
import { ShapesMap } from '../components/shapes-map'
import { UploadPanel } from '../components/upload-panel'
import { useCanWrite } from '../../../widgets/use-can-write'
import { useRouteLink } from '../../../widgets/use-route-link'

function BatchDetail({ batch, canWrite }: { batch: BatchView; canWrite: boolean }) {
  const queryClient = useQueryClient()
  const { message } = App.useApp()
  const sjcl = useRouteLink()('/system/data/center/sjcl', { batch: batch.id })
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['dc-batch', batch.id] })
    void queryClient.invalidateQueries({ queryKey: ['dc-batches'] })
    void queryClient.invalidateQueries({ queryKey: ['dc-rows'] })
  }
  const running = batch.status === '导入中'
  return (
    <Card
      size="small"
      title={<BatchTitle batch={batch} />}
      extra={
        READABLE_STATUSES.includes(batch.status) ? (
          <Space size={16}>
            <ExportButton onExport={() => exportRows({ id: batch.id })} testId="export-rows">
              导出数据行
            </ExportButton>
            {sjcl && (
              <Link to={sjcl} data-testid="goto-sjcl">
                去数据处理（检查与提交）
              </Link>
            )}
          </Space>
        ) : null
      }
      data-testid="batch-detail"
    >
      <Descriptions
        size="small"
        column={4}
        items={[
          { label: '数据类型', children: RECORD_KIND_LABEL[batch.kind] },
          { label: '行数', children: batch.rowCount },
          {
            label: '坐标系',
            children: batch.sourceCrs
              ? SOURCE_CRS[batch.sourceCrs]
              : batch.format === 'xlsx' || batch.format === 'csv'
                ? '表格（经纬度列按 WGS84）'
                : '—',
          },
          { label: '上传人', children: `${batch.createdBy} ${formatTime(batch.createdAt)}` },
        ]}
      />
      {running && (
        <JobProgress
          batchId={batch.id}
          onFinished={(p) => {
            refresh()
            if (p.status === '已上传') message.success(`已读取 ${p.rowCount} 行：请核对数据预览、地图和列映射`)
          }}
        />
      )}
      {(batch.status === '导入失败' || batch.status === '已中断' || batch.status === '已退回') && (
        <Alert
          type={batch.status === '已退回' ? 'warning' : 'error'}
          showIcon
          title={`${batch.status}：${batch.message}`}
          style={{ marginBottom: 12 }}
        />
      )}
      {READABLE_STATUSES.includes(batch.status) && (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'rows', label: '数据预览', children: <PreviewTable batchId={batch.id} /> },
            {
              key: 'map',
              label: '地图预览',
              children: <ShapesMap batchId={batch.id} version={`${batch.status}-${batch.checkedAt ?? ''}`} />,
            },
            { key: 'mapping', label: '列映射', children: <MappingEditor batch={batch} canWrite={canWrite} onSaved={refresh} /> },
          ]}
        />
      )}
    </Card>
  )
}

/** 检查: the batch in 数据处理, when the user may open that page. */
function CheckLink({ batchId }: { batchId: number }) {
  const href = useRouteLink()('/system/data/center/sjcl', { batch: batchId })
  return href ? (
    <Link to={href}>
      <Button type="link" size="small">
        检查
      </Button>
    </Link>
  ) : null
}

/** 数据采集 */
export function SjcjPage() {
  const canWrite = useCanWrite('/system/data/center/sjcj')
  const [chosen, choose] = useChosenBatch()
  const batch = useBatch(chosen)
  const queryClient = useQueryClient()
  const run = useAction()
  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: ['dc-batches'] })
    void queryClient.invalidateQueries({ queryKey: ['dc-batch'] })
  }
  // the list follows the chosen batch's state (a batch read before its list row refreshed)
  const chosenStatus = batch.data?.status
  useEffect(() => {
    if (chosenStatus) void queryClient.invalidateQueries({ queryKey: ['dc-batches'] })
  }, [chosenStatus, queryClient])
  return (
    <ListShell title="数据采集" intro="上传地块或企业数据，预览并核对列映射后，到「数据处理」检查与提交" testId="sjcj-page">
      {!canWrite && (
        <Alert
          type="info"
          showIcon
          title="只读：可以查看批次，不能上传或修改（需要系统平台 → 数据中心 → 数据采集的权限）"
          style={{ marginBottom: 12 }}
        />
      )}
      <UploadPanel
        canWrite={canWrite}
        onCreated={(b) => {
          choose(b.id)
          refreshAll()
        }}
      />
      <div style={{ marginTop: 16 }}>{batch.data && <BatchDetail batch={batch.data} canWrite={canWrite} />}</div>
      {batch.error && <Alert type="error" showIcon title={`批次 #${chosen} 无法打开：${batch.error.message}`} style={{ marginTop: 16 }} />}
      <Card size="small" title="导入批次" style={{ marginTop: 16 }}>
        <BatchTable
          testId="batch-table"
          chosen={chosen}
          actions={(b) => (
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => choose(b.id)} data-testid={`batch-open-${b.id}`}>
                查看
              </Button>
              {READABLE_STATUSES.includes(b.status) && <CheckLink batchId={b.id} />}
              {canWrite && (b.status === '导入失败' || b.status === '已中断') && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    run(() => reimportBatch(b.id), {
                      success: '已开始重新导入',
                      refresh: [['dc-batches'], ['dc-batch', b.id], ['dc-progress', b.id]],
                    })
                  }
                >
                  重新导入
                </Button>
              )}
              {canWrite && b.status !== '已提交' && b.status !== '导入中' && b.status !== '检查中' && (
                <Button
                  type="link"
                  size="small"
                  danger
                  data-testid={`batch-delete-${b.id}`}
                  onClick={() =>
                    run(
                      async () => {
                        await deleteBatch(b.id)
                        if (chosen === b.id) choose(null)
                      },
                      {
                        confirm: {
                          title: `删除批次 #${b.id}「${b.name}」？`,
                          content: '批次中已读取的数据行和检查结果一并删除，源文件保留。',
                        },
                        success: '已删除',
                        refresh: [['dc-batches']],
                      },
                    )
                  }
                >
                  删除
                </Button>
              )}
            </Space>
          )}
        />
      </Card>
    </ListShell>
  )
}
