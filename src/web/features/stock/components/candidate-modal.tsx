/** 疑似闲置: supplied land past one year after its agreed start without a start, each with 立案. */
import { Button, Input, Modal, Table } from 'antd'
import { useState } from 'react'
import { formatFigureValue } from '../../../../domain/figures/format'
import { useCandidates } from '../api/list-candidates'
import { CaseForms, type CaseForm } from './case-forms'

/** The modal (closed when `open` is false). */
export function CandidateModal({
  open,
  regionCode,
  canWrite,
  onClose,
}: {
  open: boolean
  regionCode?: string
  canWrite: boolean
  onClose: () => void
}) {
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState<string>()
  const list = useCandidates({ page, pageSize: 10, keyword, regionCode }, open)
  const [form, setForm] = useState<CaseForm | null>(null)
  return (
    <Modal title="疑似闲置土地（超过约定动工日期一年未动工）" open={open} onCancel={onClose} footer={null} width={860}>
      <Input.Search
        placeholder="宗地代码、地块或用地单位"
        allowClear
        onSearch={(v) => (setKeyword(v || undefined), setPage(1))}
        style={{ width: 280, marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey="parcelId"
        data-testid="candidates"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '没有疑似闲置的土地：所有超期地块都已立案或已动工' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total, onChange: setPage, showTotal: (t) => `共 ${t} 宗` }}
        columns={[
          { title: '宗地代码', dataIndex: 'landCode' },
          { title: '地块', dataIndex: 'name' },
          { title: '区县', dataIndex: 'countyName' },
          { title: '面积', dataIndex: 'areaMu', render: (v: number) => formatFigureValue('stockAreaMu', v) },
          { title: '约定动工', dataIndex: 'agreedStartDate' },
          { title: '超期', dataIndex: 'idleYears', render: (v: number) => `满 ${v} 年` },
          {
            title: '操作',
            render: (_: unknown, c) =>
              canWrite && (
                <Button size="small" onClick={() => setForm({ kind: 'identify', parcelId: c.parcelId, started: false })}>
                  立案
                </Button>
              ),
          },
        ]}
      />
      <CaseForms form={form} onClose={() => setForm(null)} />
    </Modal>
  )
}
