/**
 * 数据标准 (docs/product.md §2 /system/data/center/sjgf): the field dictionary of parcels and enterprises —
 * the version in force with its code lists and rules, every past version, and 修订 as a new
 * version. The checks of every entry point read the version in force.
 */
import { HistoryOutlined } from '@ant-design/icons'
import { Alert, Button, Descriptions, Drawer, Modal, Space, Spin, Table, Typography } from 'antd'
import { useState } from 'react'
import type { StandardVersionRow } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { LoadError, ListShell } from '../../../ui/list-shell'
import { useStandard } from '../api/get-standard'
import { useStandardVersion } from '../api/get-standard-version'
import { useStandardVersions } from '../api/list-standard-versions'
import { PageTabs } from '../components/page-tabs'
import { StandardEditor } from '../components/standard-editor'
import { StandardTable } from '../components/standard-table'
import { useCanWrite } from '../../../widgets/use-can-write'
import { formatTime } from '../../../widgets/format-time'

function StandardPanel({ kind, canEdit }: { kind: RecordKind; canEdit: boolean }) {
  const std = useStandard(kind)
  const [editing, setEditing] = useState(false)
  const [versionsOpen, setVersionsOpen] = useState(false)
  const [page, setPage] = useState(1)
  const versions = useStandardVersions({ kind, page, pageSize: 10 })
  const [viewing, setViewing] = useState<number | null>(null)
  const shown = useStandardVersion(kind, viewing)
  if (std.error) return <LoadError error={std.error as Error} onRetry={() => void std.refetch()} />
  if (!std.data) return <Spin style={{ display: 'block', margin: 48 }} />
  const s = std.data
  return (
    <div data-testid={`standard-${kind}`}>
      <Descriptions size="small" bordered column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="现行版本">
          <Typography.Text strong data-testid="standard-version">
            版本 {s.version}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="修订说明">{s.remark}</Descriptions.Item>
        <Descriptions.Item label="修订人">{s.createdByName ?? '系统初始化'}</Descriptions.Item>
        <Descriptions.Item label="生效时间">{formatTime(s.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginBottom: 12 }}>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing(true)} data-testid="standard-edit">
            修订为新版本
          </Button>
        )}
        <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} data-testid="standard-versions">
          版本记录
        </Button>
        <Typography.Text type="secondary">
          共 {s.fields.length} 个字段，必填 {s.fields.filter((f) => f.required).length} 个；录入、导入检查与审核均按现行版本校验。
        </Typography.Text>
      </Space>
      <StandardTable std={s} testId={`standard-fields-${kind}`} />
      {canEdit && (
        <StandardEditor std={s} open={editing} onClose={() => setEditing(false)} onSaved={() => void (std.refetch(), versions.refetch())} />
      )}
      <Drawer open={versionsOpen} onClose={() => setVersionsOpen(false)} size={720} title="版本记录" data-testid="standard-version-list">
        {versions.error && <LoadError error={versions.error as Error} onRetry={() => void versions.refetch()} />}
        <Table<StandardVersionRow>
          rowKey="version"
          size="small"
          loading={versions.isFetching}
          dataSource={versions.data?.list}
          pagination={{
            current: page,
            pageSize: 10,
            total: versions.data?.total ?? 0,
            onChange: setPage,
            showTotal: (t) => `共 ${t} 个版本`,
          }}
          columns={[
            {
              title: '版本',
              dataIndex: 'version',
              width: 70,
              render: (v: number) => (v === s.version ? <Typography.Text strong>{v}（现行）</Typography.Text> : v),
            },
            { title: '修订说明', dataIndex: 'remark' },
            { title: '字段 / 必填', key: 'n', width: 100, render: (_, v) => `${v.fieldCount} / ${v.requiredCount}` },
            { title: '修订人', dataIndex: 'createdByName', width: 100, render: (v: string | null) => v ?? '系统初始化' },
            { title: '时间', dataIndex: 'createdAt', width: 170, render: formatTime },
            {
              title: '',
              key: 'view',
              width: 60,
              render: (_, v) => (
                <Button type="link" size="small" onClick={() => setViewing(v.version)} data-testid={`standard-view-${v.version}`}>
                  查看
                </Button>
              ),
            },
          ]}
        />
      </Drawer>
      <Modal
        open={viewing !== null}
        onCancel={() => setViewing(null)}
        footer={null}
        width={1100}
        title={`版本 ${viewing}${viewing === s.version ? '（现行）' : '（历史版本，只读）'}`}
        destroyOnHidden
      >
        {shown.data ? (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={`修订说明：${shown.data.remark}（${shown.data.createdByName ?? '系统初始化'}，${formatTime(shown.data.createdAt)}）`}
            />
            <StandardTable std={shown.data} testId="standard-version-fields" />
          </>
        ) : shown.error ? (
          <LoadError error={shown.error as Error} />
        ) : (
          <Spin style={{ display: 'block', margin: 48 }} />
        )}
      </Modal>
    </div>
  )
}

/** 数据标准 */
export function SjgfPage() {
  const canEdit = useCanWrite('/system/data/center/sjgf')
  return (
    <ListShell
      title="数据标准"
      intro="地块与企业记录的字段字典（名称、类型、单位、必填、代码表、取值范围或格式），按版本管理"
      testId="dc-sjgf-page"
    >
      <PageTabs
        testId="sjgf-tabs"
        items={[
          { key: 'parcel', label: '地块（工业用地）', children: <StandardPanel kind="parcel" canEdit={canEdit} /> },
          { key: 'enterprise', label: '企业（用地单位）', children: <StandardPanel kind="enterprise" canEdit={canEdit} /> },
        ]}
      />
    </ListShell>
  )
}
