/**
 * 添加成员: the parcels or enterprises of the user's data scope (the same lists as the profiles),
 * searched by keyword and district, chosen across pages and added in one call; the server says
 * how many were added and how many were already in the group.
 */
import { Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import type { GroupKind, RecordGroup } from '../../../../domain/contracts/record-group'
import { STATUS_COLORS } from '../../../ui/parcel-status'
import { addMembers } from '../api/add-members'
import { useEnterpriseList } from '../api/list-enterprises'
import { useParcelList } from '../api/list-parcels'
import { GROUP_WORDS } from './group-words'
import { figure } from './profile-format'
import { RegionPicker } from '../../../widgets/region-picker'
import { useGroupWrite } from './use-group-write'

/** A record that can be added, whichever its kind. */
interface Candidate {
  id: number
  code: string
  name: string
  status: string
  countyName: string | null
  areaMu: number
  detail: string | null
}

const PAGE_SIZE = 10

/**
 * The candidates of a kind for a search, one page at a time. `loading` only while the rows shown
 * are not yet those of the search (its first answer, another page or keyword): a refetch of the
 * same rows in the background keeps them clickable (a tick during the spinner's mask was lost).
 */
function useCandidates(kind: GroupKind, q: { keyword?: string; regionCode?: string; page: number }, open: boolean) {
  const query = { ...q, pageSize: PAGE_SIZE }
  const parcels = useParcelList(query, open && kind === 'parcel')
  const enterprises = useEnterpriseList(query, open && kind === 'enterprise')
  return useMemo(() => {
    if (kind === 'parcel') {
      const d = parcels.data
      return {
        loading: parcels.isPending || (parcels.isFetching && parcels.isPlaceholderData),
        error: parcels.error,
        total: d?.total ?? 0,
        rows: (d?.list ?? []).map((r): Candidate => ({
          id: r.id,
          code: r.landCode,
          name: r.name,
          status: r.status,
          countyName: r.countyName,
          areaMu: r.areaMu,
          detail: r.enterpriseName,
        })),
      }
    }
    const d = enterprises.data?.page
    return {
      loading: enterprises.isPending || (enterprises.isFetching && enterprises.isPlaceholderData),
      error: enterprises.error,
      total: d?.total ?? 0,
      rows: (d?.list ?? []).map((r): Candidate => ({
        id: r.id,
        code: r.creditCode,
        name: r.name,
        status: r.status,
        countyName: r.countyName,
        areaMu: r.landAreaMu,
        detail: r.industryName,
      })),
    }
  }, [
    kind,
    parcels.data,
    parcels.isPending,
    parcels.isFetching,
    parcels.isPlaceholderData,
    parcels.error,
    enterprises.data,
    enterprises.isPending,
    enterprises.isFetching,
    enterprises.isPlaceholderData,
    enterprises.error,
  ])
}

/** The modal of a group; closes after a successful add. */
export function AddMembersModal({
  kind,
  group,
  open,
  onClose,
}: {
  kind: GroupKind
  group: RecordGroup
  open: boolean
  onClose: () => void
}) {
  const words = GROUP_WORDS[kind]
  const [search, setSearch] = useState<{ keyword?: string; regionCode?: string; page: number }>({ page: 1 })
  const [chosen, setChosen] = useState<Candidate[]>([])
  const [busy, setBusy] = useState(false)
  const candidates = useCandidates(kind, search, open)
  const write = useGroupWrite(kind)

  const close = () => {
    setChosen([])
    setSearch({ page: 1 })
    onClose()
  }
  const submit = async () => {
    setBusy(true)
    const added = await write(() =>
      addMembers(
        kind,
        group.id,
        chosen.map((c) => c.id),
      ),
    )
    setBusy(false)
    if (added) close()
  }

  const columns: TableColumnsType<Candidate> = [
    { title: words.code, dataIndex: 'code', width: 190, render: (v: string) => <span data-field="code">{v}</span> },
    { title: words.name, dataIndex: 'name', ellipsis: true },
    { title: '区县', dataIndex: 'countyName', width: 80, render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 84,
      render: (s: string) => (kind === 'parcel' ? <Tag color={STATUS_COLORS[s]}>{s}</Tag> : s),
    },
    { title: words.area, dataIndex: 'areaMu', width: 104, align: 'right', render: (v: number) => figure(v, 2) },
    { title: words.detail, dataIndex: 'detail', ellipsis: true, render: (v: string | null) => v ?? '—' },
  ]

  return (
    <Modal
      title={`向“${group.name}”添加${words.noun}`}
      open={open}
      width={980}
      onCancel={close}
      onOk={submit}
      okText={chosen.length ? `添加 ${chosen.length} ${words.measure}${words.noun}` : '添加'}
      cancelText="取消"
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'add-members-ok' }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <div data-testid="add-members-modal">
        <Space wrap size={8} style={{ marginBottom: 10 }}>
          <Input.Search
            aria-label="关键字"
            placeholder={words.search}
            allowClear
            autoFocus
            onSearch={(k) => setSearch((s) => ({ ...s, keyword: k.trim() || undefined, page: 1 }))}
            style={{ width: 280 }}
            data-testid="candidate-search"
          />
          <RegionPicker
            value={search.regionCode}
            onChange={(regionCode) => setSearch((s) => ({ ...s, regionCode, page: 1 }))}
            width={200}
          />
          <Typography.Text type="secondary" data-testid="candidate-chosen">
            已选 {chosen.length} {words.measure}
            {chosen.length > 0 && '，可翻页继续选择'}
          </Typography.Text>
        </Space>
        {candidates.error && <Typography.Paragraph type="danger">加载失败：{candidates.error.message}</Typography.Paragraph>}
        <Table<Candidate>
          rowKey="id"
          size="small"
          loading={candidates.loading}
          dataSource={candidates.rows}
          columns={columns}
          locale={{
            emptyText:
              search.keyword || search.regionCode ? `没有符合条件的${words.noun}，请调整搜索条件` : `本账号的数据范围内还没有${words.noun}`,
          }}
          rowSelection={{
            selectedRowKeys: chosen.map((c) => c.id),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) => setChosen(rows.filter(Boolean)),
          }}
          pagination={{
            current: search.page,
            pageSize: PAGE_SIZE,
            total: candidates.total,
            size: 'small',
            showSizeChanger: false,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page) => setSearch((s) => ({ ...s, page })),
          }}
        />
      </div>
    </Modal>
  )
}
