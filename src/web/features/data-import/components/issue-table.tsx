/**
 * 问题清单: a checked batch's rows grouped one per line with every issue of the row — the field
 * it concerns (its label highlighted), the rule, the message — the enterprise a parcel was linked
 * to and by which rule, and the row's actions (修正, 修复图形, 排除 / 恢复).
 */
import { Button, Segmented, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd'
import type { BatchRowView, BatchView } from '../../../../domain/contracts/datacenter-import'
import { LINK_RULES, RULE_LABELS } from '../../../../domain/datacenter/import-batch'
import type { StandardField } from '../../../../domain/datacenter/standard'
import { LoadError, emptyState } from '../../../ui/list-shell'
import { useIssues } from '../api/query-issues'
import { LevelTag } from './labels'

/** Filters of the issue list. */
export interface IssueFilter {
  level?: string
  rule?: string
  field?: string
  page: number
  pageSize: number
}

/** Props of {@link IssueTable}. */
export interface IssueTableProps {
  batch: BatchView
  fields: StandardField[]
  filter: IssueFilter
  onFilter: (f: IssueFilter) => void
  canEdit: boolean
  onFix: (row: BatchRowView) => void
  onRepair: (row: BatchRowView) => void
  onExclude: (row: BatchRowView, excluded: boolean) => void
}

const KEY = { parcel: ['land_code', 'name'], enterprise: ['credit_code', 'name'] } as const

/** The issue list of a batch. */
export function IssueTable({ batch, fields, filter, onFilter, canEdit, onFix, onRepair, onExclude }: IssueTableProps) {
  const rows = useIssues({ id: batch.id, ...filter })
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? (name === 'county_code' ? '所在县（市、区）' : name)
  const [keyField, nameField] = KEY[batch.kind]
  const spatial = batch.format === 'shapefile' || batch.format === 'geojson'
  const shown = (r: BatchRowView, f: string) => {
    const v = r.record?.[f] ?? r.overrides[f] ?? (rows.data?.mapping[f] ? r.source[rows.data.mapping[f]] : null)
    return v === null || v === undefined || v === '' ? '—' : String(v)
  }
  const columns: TableColumnsType<BatchRowView> = [
    {
      title: spatial ? '要素' : '表格行',
      key: 'row',
      width: 70,
      render: (_, r) => (
        <span title={spatial ? `第 ${r.sourceLine} 个要素` : `源文件第 ${r.sourceLine} 行（第 ${r.rowNo} 条数据）`}>{r.sourceLine}</span>
      ),
    },
    { title: '状态', key: 'level', width: 76, render: (_, r) => <LevelTag level={r.level} excluded={r.excluded} /> },
    {
      title: `${label(keyField)} / ${label(nameField)}`,
      key: 'key',
      width: 230,
      render: (_, r) => (
        <div>
          <div style={{ fontFamily: 'monospace' }}>{shown(r, keyField)}</div>
          <div style={{ color: '#4b5563' }}>{shown(r, nameField)}</div>
          {r.action === 'update' && <Tag color="gold">修改已有{batch.kind === 'parcel' ? '地块' : '企业'}</Tag>}
        </div>
      ),
    },
    {
      title: '问题',
      key: 'issues',
      render: (_, r) =>
        r.issues.length === 0 ? (
          <span style={{ color: '#389e0d' }}>无问题</span>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }} data-testid={`issues-${r.rowNo}`}>
            {r.issues.map((i, k) => (
              <li key={k} style={{ color: i.level === 'error' ? '#a8071a' : '#ad6800' }}>
                <Tag color={i.level === 'error' ? 'red' : 'orange'} style={{ marginInlineEnd: 4 }}>
                  {label(i.field)}
                </Tag>
                <span style={{ color: '#6b7280', marginRight: 4 }}>[{RULE_LABELS[i.rule] ?? i.rule}]</span>
                {i.message}
              </li>
            ))}
          </ul>
        ),
    },
    ...(batch.kind === 'parcel'
      ? [
          {
            title: '用地单位',
            key: 'link',
            width: 190,
            render: (_: unknown, r: BatchRowView) =>
              r.link?.rule ? (
                <Tooltip title={`${LINK_RULES[r.link.rule]}：${r.link.creditCode}`}>
                  <div>{r.link.name}</div>
                  <Tag>{LINK_RULES[r.link.rule]}</Tag>
                </Tooltip>
              ) : (
                <span style={{ color: '#9ca3af' }}>{r.link?.ownerName ? `未关联（源数据：${r.link.ownerName}）` : '未关联'}</span>
              ),
          },
        ]
      : []),
    ...(batch.status === '已提交'
      ? [
          {
            title: '审核状态',
            key: 'audit',
            width: 110,
            render: (_: unknown, r: BatchRowView) =>
              r.submission ? (
                <Tag color={r.submission.state === '已通过' ? 'green' : r.submission.state === '已退回' ? 'red' : 'blue'}>
                  {r.submission.state}
                </Tag>
              ) : (
                <span style={{ color: '#9ca3af' }}>未提交</span>
              ),
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) =>
        canEdit ? (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => onFix(r)} data-testid={`fix-${r.rowNo}`}>
              修正
            </Button>
            {spatial && r.issues.some((i) => i.rule === 'geometryValid') && (
              <Button type="link" size="small" onClick={() => onRepair(r)} data-testid={`repair-${r.rowNo}`}>
                修复图形
              </Button>
            )}
            <Button
              type="link"
              size="small"
              danger={!r.excluded}
              onClick={() => onExclude(r, !r.excluded)}
              data-testid={`exclude-${r.rowNo}`}
            >
              {r.excluded ? '恢复' : '排除'}
            </Button>
          </Space>
        ) : null,
    },
  ]
  return (
    <div data-testid="issue-table">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented
          value={filter.level ?? '全部'}
          options={['全部', '错误', '警告', '正常', '已排除', '未检查']}
          onChange={(v) => onFilter({ ...filter, level: v === '全部' ? undefined : String(v), page: 1 })}
          data-testid="issue-level"
        />
        {filter.rule && (
          <Tag closable onClose={() => onFilter({ ...filter, rule: undefined, page: 1 })} color="blue">
            规则：{RULE_LABELS[filter.rule] ?? filter.rule}
          </Tag>
        )}
        {filter.field && (
          <Tag closable onClose={() => onFilter({ ...filter, field: undefined, page: 1 })} color="blue">
            字段：{label(filter.field)}
          </Tag>
        )}
      </Space>
      {rows.error && <LoadError error={rows.error} onRetry={() => void rows.refetch()} />}
      <Table<BatchRowView>
        rowKey="rowNo"
        size="small"
        columns={columns}
        dataSource={rows.data?.rows.list}
        loading={rows.isFetching}
        locale={{
          emptyText: emptyState(
            rows.error ? '加载失败' : filter.level || filter.rule || filter.field ? '没有符合条件的行' : '批次中没有数据行',
          ),
        }}
        rowClassName={(r) => (r.excluded ? 'row-excluded' : '')}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: rows.data?.rows.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => `共 ${t} 行`,
          onChange: (page, pageSize) => onFilter({ ...filter, page, pageSize }),
        }}
      />
    </div>
  )
}
