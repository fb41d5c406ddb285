/**
 * 列映射: for every field of the standard (and coordinates, WKT, the owner's name) the source
 * column that feeds it, suggested from the column names or remembered from an earlier file with
 * the same columns; sample values beside each choice. Saving remembers the mapping for the
 * template and means the checks run again.
 */
import { App, Alert, Button, Select, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import type { MappingTarget } from '../../../../domain/datacenter/column-mapping'
import { EDITABLE_STATUSES } from '../../../../domain/datacenter/import-batch'
import { LoadError } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useMapping } from '../api/query-mapping'
import { saveMapping } from '../api/save-mapping'

const SOURCE_TEXT = { auto: ['自动推荐', 'blue'], template: ['模板记忆', 'green'], saved: ['已保存', 'purple'] } as const

/** The mapping editor of a batch. */
export function MappingEditor({ batch, canWrite, onSaved }: { batch: BatchView; canWrite: boolean; onSaved: () => void }) {
  const { modal } = App.useApp()
  const query = useMapping(batch.id)
  const run = useAction()
  const [draft, setDraft] = useState<Record<string, string>>({})
  useEffect(() => setDraft(query.data?.mapping ?? {}), [query.data])
  const data = query.data
  const editable = canWrite && EDITABLE_STATUSES.includes(batch.status)
  const changed = useMemo(
    () => JSON.stringify(Object.entries(draft).sort()) !== JSON.stringify(Object.entries(data?.mapping ?? {}).sort()),
    [draft, data],
  )
  const usedTwice = useMemo(() => {
    const seen = new Map<string, number>()
    for (const h of Object.values(draft)) seen.set(h, (seen.get(h) ?? 0) + 1)
    return new Set([...seen].filter(([, n]) => n > 1).map(([h]) => h))
  }, [draft])
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />
  if (!data) return null
  const unmappedRequired = data.targets.filter((t) => t.required && !draft[t.name])

  const columns: TableColumnsType<MappingTarget> = [
    {
      title: '标准字段',
      key: 'label',
      width: 260,
      render: (_, t) => (
        <span>
          {t.required && <span style={{ color: '#cf1322' }}>* </span>}
          {t.label} <span style={{ color: '#9ca3af', fontSize: 12 }}>{t.name.startsWith('__') ? '' : t.name}</span>
        </span>
      ),
    },
    {
      title: '源文件列',
      key: 'column',
      width: 260,
      render: (_, t) => (
        <Select
          value={draft[t.name]}
          allowClear
          showSearch
          disabled={!editable}
          placeholder="不导入"
          status={usedTwice.has(draft[t.name]) ? 'warning' : undefined}
          style={{ width: 240 }}
          options={data.headers.map((h) => ({ value: h, label: h }))}
          onChange={(v?: string) =>
            setDraft((d) => {
              const next = { ...d }
              if (v) next[t.name] = v
              else delete next[t.name]
              return next
            })
          }
          data-testid={`mapping-${t.name}`}
        />
      ),
    },
    {
      title: '样例值',
      key: 'sample',
      render: (_, t) => {
        const h = draft[t.name]
        if (!h) return <span style={{ color: '#d1d5db' }}>—</span>
        const values = data.samples.map((s) => s[h]).filter((v) => v !== null && v !== undefined)
        return <span style={{ color: '#4b5563' }}>{values.slice(0, 3).map(String).join('，') || '（前几行为空）'}</span>
      },
    },
  ]

  const save = () =>
    run(
      async () => {
        await saveMapping(batch.id, draft)
        onSaved()
      },
      { success: '列映射已保存，并已记住用于相同列名的文件', refresh: [['dc-mapping', batch.id], ['dc-batches'], ['dc-batch', batch.id]] },
    )

  return (
    <div data-testid="mapping-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>
          映射来源：<Tag color={SOURCE_TEXT[data.source][1]}>{SOURCE_TEXT[data.source][0]}</Tag>
        </span>
        <Button disabled={!editable} onClick={() => setDraft(data.suggested)}>
          采用推荐
        </Button>
        <Button
          type="primary"
          disabled={!editable || !changed}
          data-testid="mapping-save"
          onClick={() => {
            if (batch.status === '已检查') {
              modal.confirm({
                title: '保存列映射？',
                content: '批次已检查过，保存后检查结果作废，需要重新运行检查。',
                okText: '保存',
                cancelText: '取消',
                onOk: save,
              })
            } else void save()
          }}
        >
          保存映射
        </Button>
        {!editable && (
          <span style={{ color: '#6b7280' }}>
            批次状态为「{batch.status}」{canWrite ? '，不能修改映射' : '，当前账号为只读'}
          </span>
        )}
      </Space>
      {unmappedRequired.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`必填字段没有对应的列：${unmappedRequired.map((t) => t.label).join('、')}（检查时每行都会报错）`}
        />
      )}
      {usedTwice.size > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`同一列映射到多个字段：${[...usedTwice].join('、')}`} />
      )}
      <Table<MappingTarget> rowKey="name" size="small" columns={columns} dataSource={data.targets} pagination={false} scroll={{ y: 460 }} />
    </div>
  )
}
