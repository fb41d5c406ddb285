/**
 * 历史版本 of a record: every approved change (who, when, which fields, from which submission), and
 * any past version opened in full — its values and its shape on the map — beside the version
 * before it (a record created by an approval has no 初始数据 before its version 1).
 */
import { Col, Drawer, Empty, List, Row, Spin, Tag, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { CHANGE_ACTION_NAMES } from '../../../../domain/contracts/datacenter'
import { diffRecord } from '../../../../domain/datacenter/record-diff'
import { RECORD_KIND_LABEL, type RecordKind } from '../../../../domain/datacenter/standard'
import { LoadError } from '../../../ui/list-shell'
import { useCounties } from '../api/list-counties'
import { useHistoryVersion } from '../api/get-history-version'
import { useHistory } from '../api/list-history'
import { useStandard } from '../api/get-standard'
import { AttachmentList } from './attachment-list'
import { DiffView } from './diff-view'
import { regionNameMap } from './record-values'
import { formatTime } from '../../../widgets/format-time'

/** The history of one record. */
export function HistoryDrawer({ kind, id, title, onClose }: { kind: RecordKind; id: number | null; title?: string; onClose: () => void }) {
  const history = useHistory(kind, id)
  const std = useStandard(kind)
  const counties = useCounties()
  const [version, setVersion] = useState<number | null>(null)
  const rows = history.data ?? []
  // open the newest version when the list arrives
  const newest = rows.length ? rows[0].version : id !== null ? 0 : null
  useEffect(() => setVersion(newest), [newest, rows.length, id])
  // a record that came into being through an approval (新增, an import) has no data before version 1
  const created = rows.length > 0 && rows[rows.length - 1].action === 'create'
  const shown = useHistoryVersion(kind, id, version)
  const previous = useHistoryVersion(kind, id, version !== null && version > (created ? 1 : 0) ? version - 1 : null)
  const fields = useMemo(() => std.data?.fields ?? [], [std.data])
  const diff = useMemo(
    () => diffRecord(fields, previous.data?.values ?? null, shown.data?.values ?? null, true),
    [fields, previous.data, shown.data],
  )
  const geometryField = fields.find((f) => f.type === 'geometry')?.name
  const added = rows.find((r) => r.version === version)?.attachments ?? []
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1200}
      destroyOnHidden
      title={`${RECORD_KIND_LABEL[kind]}历史版本${title ? ` · ${title}` : ''}`}
      data-testid="history-drawer"
    >
      {history.error && <LoadError error={history.error as Error} onRetry={() => void history.refetch()} />}
      <Row gutter={16}>
        <Col span={6}>
          <List
            data-testid="history-versions"
            size="small"
            bordered
            loading={history.isLoading}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无经审核的修改，下方为当前数据" /> }}
            dataSource={[
              ...rows,
              ...(rows.length && !created
                ? [
                    {
                      version: 0,
                      action: 'import' as const,
                      changedAt: '',
                      changedByName: null,
                      submissionId: null,
                      changedFields: [],
                      attachments: [],
                    },
                  ]
                : []),
            ]}
            renderItem={(h) => (
              <List.Item
                data-testid={`history-version-${h.version}`}
                onClick={() => setVersion(h.version)}
                style={{ cursor: 'pointer', background: h.version === version ? '#e6f4ff' : undefined }}
              >
                {h.version === 0 ? (
                  <Typography.Text>初始数据（首次修改前）</Typography.Text>
                ) : (
                  <div>
                    <Typography.Text strong>版本 {h.version}</Typography.Text>{' '}
                    <Tag>{h.action === 'import' ? '导入' : CHANGE_ACTION_NAMES[h.action]}</Tag>
                    <div style={{ fontSize: 12, color: '#667' }}>
                      {formatTime(h.changedAt)} · 审核人 {h.changedByName ?? '—'}
                      {h.submissionId ? ` · 提交 #${h.submissionId}` : ''}
                    </div>
                    <div style={{ fontSize: 12 }}>变更：{h.changedFields.join('、') || '—'}</div>
                    {h.attachments.length > 0 && <div style={{ fontSize: 12 }}>附件：{h.attachments.length} 个</div>}
                  </div>
                )}
              </List.Item>
            )}
          />
        </Col>
        <Col span={18}>
          {!shown.data || !std.data ? (
            shown.error ? (
              <LoadError error={shown.error as Error} />
            ) : (
              <Spin style={{ display: 'block', margin: 48 }} />
            )
          ) : (
            <>
              <Typography.Paragraph data-testid="history-shown">
                {version === 0 ? '初始数据' : `版本 ${version}`}
                {version === 1 && created
                  ? '（新增的记录）'
                  : version
                    ? `（与${version - 1 === 0 ? '初始数据' : `版本 ${version - 1}`}对照）`
                    : ''}
              </Typography.Paragraph>
              {added.length > 0 && (
                <div style={{ marginBottom: 12 }}>
                  <Typography.Text strong>本版本新增附件</Typography.Text>
                  <AttachmentList files={added} testId="history-attachments" />
                </div>
              )}
              <DiffView
                diff={diff}
                fields={fields}
                codeLists={std.data.codeLists}
                regionNames={regionNameMap(counties.data ?? [])}
                geometryField={geometryField}
                before={previous.data?.values ?? null}
                after={shown.data.values}
                single={version === 0}
              />
            </>
          )}
        </Col>
      </Row>
    </Drawer>
  )
}
