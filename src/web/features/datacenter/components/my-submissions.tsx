/**
 * 我的提交 of one kind: drafts to edit, submit or delete; pending ones to withdraw; returned ones
 * with the auditor's reason, to fix and submit again; every one viewable side by side; the list
 * (of the chosen state) as xlsx.
 */
import { Button, Select, Space, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { CHANGE_ACTION_NAMES, type ChangeAction, type SubmissionRow } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { SUBMISSION_STATES } from '../../../../domain/datacenter/submission-state'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useAction } from '../../../ui/use-action'
import { deleteDraft } from '../api/delete-draft'
import { exportMySubmissions } from '../api/export-my-submissions'
import { useMySubmissions } from '../api/list-my-submissions'
import { submitSubmission } from '../api/submit-submission'
import { withdrawSubmission } from '../api/withdraw-submission'
import { EditorDrawer, type DrawerTarget } from './editor-drawer'
import { SubmissionDrawer } from './submission-drawer'
import { ActionTag, StateTag } from './state-tag'
import { formatTime } from '../../../widgets/format-time'

/** One's submissions of a kind (optionally of one proposed change). */
export function MySubmissions({ kind, action, canWrite }: { kind: RecordKind; action?: ChangeAction; canWrite: boolean }) {
  const [page, setPage] = useState({ page: 1, pageSize: 10 })
  const [state, setState] = useState<string | undefined>()
  const list = useMySubmissions({ ...page, kind, action, state })
  const [editing, setEditing] = useState<DrawerTarget>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const run = useAction()
  const refresh = [['submissions'], ['record']]

  const columns: TableColumnsType<SubmissionRow> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '操作', dataIndex: 'action', width: 70, render: (a: ChangeAction) => <ActionTag action={a} /> },
    { title: '名称', dataIndex: 'title', ellipsis: true, render: (v: string) => v || '（未填写名称）' },
    { title: '代码', dataIndex: 'code', width: 190, render: (v: string) => v || '—' },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: SubmissionRow['state']) => <StateTag state={s} /> },
    {
      title: '退回原因',
      dataIndex: 'reason',
      ellipsis: true,
      render: (v: string | null, r) =>
        v && r.state !== '已通过' ? (
          <Typography.Text type="danger" data-testid={`reason-${r.id}`}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: '时间', key: 'time', width: 170, render: (_, r) => formatTime(r.auditedAt ?? r.submittedAt ?? r.createdAt) },
    {
      title: '',
      key: 'ops',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          {canWrite && (r.state === '草稿' || r.state === '已退回') && (r.action === 'create' || r.action === 'update') && (
            <Button
              type="link"
              size="small"
              data-testid={`mine-edit-${r.id}`}
              onClick={() =>
                setEditing({ kind, submissionId: r.id, title: `${r.state === '已退回' ? '修改后重新提交' : '编辑草稿'} #${r.id}` })
              }
            >
              {r.state === '已退回' ? '修改' : '编辑'}
            </Button>
          )}
          {canWrite && r.state === '草稿' && (
            <Button
              type="link"
              size="small"
              data-testid={`mine-submit-${r.id}`}
              onClick={() => void run(() => submitSubmission(r.id), { success: '已提交审核', refresh })}
            >
              提交
            </Button>
          )}
          {canWrite && r.state === '草稿' && r.submittedAt === null && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void run(() => deleteDraft(r.id), {
                  confirm: { title: `删除草稿 #${r.id}？`, content: '删除后不可恢复。' },
                  success: '已删除草稿',
                  refresh,
                })
              }
            >
              删除
            </Button>
          )}
          {canWrite && r.state === '待审核' && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void run(() => withdrawSubmission(r.id), {
                  confirm: { title: `撤回提交 #${r.id}？`, content: '撤回后变为草稿，可修改后重新提交。', danger: false },
                  success: '已撤回为草稿',
                  refresh,
                })
              }
            >
              撤回
            </Button>
          )}
          <Button type="link" size="small" data-testid={`mine-view-${r.id}`} onClick={() => setViewing(r.id)}>
            查看
          </Button>
        </Space>
      ),
    },
  ]
  return (
    <div data-testid={`my-submissions-${kind}`}>
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={state}
          onChange={(v) => {
            setState(v)
            setPage((p) => ({ ...p, page: 1 }))
          }}
          options={SUBMISSION_STATES.map((s) => ({ value: s, label: s }))}
        />
        <ExportButton onExport={() => exportMySubmissions({ kind, action, state })} testId="mine-export" />
        <Typography.Text type="secondary">
          {action ? `只显示“${CHANGE_ACTION_NAMES[action]}”的提交` : '新增、修改、删除与认领的提交'}
        </Typography.Text>
      </Space>
      <PagedTable<SubmissionRow>
        list={list}
        emptyText={state ? `没有${state}的提交` : '还没有提交：修改或新增记录后可保存草稿或提交审核'}
        pagination={(total) => ({
          current: page.page,
          pageSize: page.pageSize,
          total: total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        })}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={columns}
      />
      <EditorDrawer target={editing} onClose={() => setEditing(null)} />
      <SubmissionDrawer id={viewing} onClose={() => setViewing(null)} />
    </div>
  )
}
