/**
 * 审核 (docs/product.md §2 /system/audit/gyyd 地块审核, /system/audit/yddw 企业审核): the submissions of the
 * auditor's region — pending first, filtered by state, change, submitter, record, region and date,
 * exported as xlsx — each opened side by side to approve (merged into the master data) or return
 * with a reason.
 */
import { Button, DatePicker, Input, Select, Space, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { CHANGE_ACTIONS, CHANGE_ACTION_NAMES, type ChangeAction, type SubmissionRow } from '../../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL, type RecordKind } from '../../../../domain/datacenter/standard'
import { SUBMISSION_STATES } from '../../../../domain/datacenter/submission-state'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportSubmissions } from '../api/export-submissions'
import { useCounties } from '../api/list-counties'
import { useSubmissions } from '../api/list-submissions'
import { ReadOnlyNotice } from '../components/page-tabs'
import { ActionTag, StateTag } from '../components/state-tag'
import { SubmissionDrawer } from '../components/submission-drawer'
import { useCanWrite } from '../../../widgets/use-can-write'
import { formatTime } from '../../../widgets/format-time'

const FILTERS = ['state', 'action', 'submitter', 'keyword', 'regionCode', 'from', 'to'] as const

function AuditPage({ kind }: { kind: RecordKind }) {
  const noun = RECORD_KIND_LABEL[kind]
  const canAudit = useCanWrite(kind === 'parcel' ? '/system/audit/gyyd' : '/system/audit/yddw')
  const { params, setFilters, onTableChange, pagination } = useListParams(FILTERS)
  const f = params.filters
  // pending work first: without a chosen state the list shows 待审核
  const state = f.state === 'all' ? undefined : (f.state ?? '待审核')
  const filter = {
    kind,
    state,
    action: f.action,
    submitter: f.submitter,
    keyword: f.keyword,
    regionCode: f.regionCode,
    from: f.from,
    to: f.to,
  }
  const list = useSubmissions({ ...filter, page: params.page, pageSize: params.pageSize })
  const counties = useCounties()
  const [open, setOpen] = useState<number | null>(null)
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | undefined>>) => setFilters({ ...f, ...change })

  const columns: TableColumnsType<SubmissionRow> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '操作', dataIndex: 'action', width: 70, render: (a: ChangeAction) => <ActionTag action={a} /> },
    { title: '名称', dataIndex: 'title', ellipsis: true },
    { title: kind === 'parcel' ? '宗地代码' : '信用代码', dataIndex: 'code', width: 190 },
    { title: '区域', dataIndex: 'regionName', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '提交人', dataIndex: 'createdByName', width: 90 },
    { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: formatTime },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: SubmissionRow['state']) => <StateTag state={s} /> },
    {
      title: '',
      key: 'ops',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" data-testid={`audit-open-${r.id}`} onClick={() => setOpen(r.id)}>
          {canAudit && r.state === '待审核' ? '审核' : '查看'}
        </Button>
      ),
    },
  ]
  return (
    <ListShell
      title={`${noun}审核`}
      intro={`审核${noun}的新增、修改、删除与认领；通过后写入主数据并留存历史版本`}
      testId={`audit-${kind}-page`}
    >
      {!canAudit && <ReadOnlyNotice what="审核" />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 120 }}
          value={f.state ?? '待审核'}
          onChange={(v) => set({ state: v === '待审核' ? undefined : v })}
          options={[...SUBMISSION_STATES.map((s) => ({ value: s, label: s })), { value: 'all', label: '全部状态' }]}
          data-testid="audit-state"
        />
        <Select
          allowClear
          placeholder="全部操作"
          style={{ width: 110 }}
          value={f.action}
          onChange={(action) => set({ action })}
          options={CHANGE_ACTIONS.map((a) => ({ value: a, label: CHANGE_ACTION_NAMES[a] }))}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部区域"
          style={{ width: 180 }}
          value={f.regionCode}
          onChange={(regionCode) => set({ regionCode })}
          options={(counties.data ?? []).map((c) => ({ value: c.code, label: `${c.cityName} ${c.name}` }))}
        />
        <Input.Search
          placeholder="提交人"
          allowClear
          defaultValue={f.submitter}
          onSearch={(submitter) => set({ submitter })}
          style={{ width: 140 }}
        />
        <Input.Search
          placeholder="名称或代码"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => set({ keyword })}
          style={{ width: 180 }}
        />
        <DatePicker.RangePicker
          value={f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null}
          onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
          placeholder={['提交开始日期', '结束日期']}
        />
        <ExportButton onExport={() => exportSubmissions(filter)} testId="audit-export" />
      </Space>
      <PagedTable<SubmissionRow>
        data-testid="audit-table"
        list={list}
        emptyText={
          state === '待审核' && !f.action && !f.keyword && !f.submitter ? `没有待审核的${noun}提交` : '没有符合条件的提交，请调整筛选条件'
        }
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
      />
      <SubmissionDrawer id={open} onClose={() => setOpen(null)} audit={canAudit} />
    </ListShell>
  )
}

/** 地块审核 */
export const AuditGyydPage = () => <AuditPage kind="parcel" />
/** 企业审核 */
export const AuditYddwPage = () => <AuditPage kind="enterprise" />
