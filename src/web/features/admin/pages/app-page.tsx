/**
 * 应用管理 (/admin/setting/app): versions of the mobile app — upload a package (streamed to the
 * server, size-limited), version code and name, release notes, force-update flag; phones ask
 * /api/app/version/mobile/versions what to install.
 */
import { PagedTable } from '../../../ui/paged-table'
import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Button, Form, Input, InputNumber, Progress, Select, Space, Switch, Tag, Upload, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { APP_PLATFORMS, appEditBody, appUploadFields, type AppVersionView } from '../../../../domain/contracts/admin-app'
import { saveBlob } from '../../../core/api'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { formatBytes } from '../../../core/format-figure'
import { formatTime } from '../../../widgets/format-time'
import { deleteVersion, downloadVersion, editVersion, queryVersions, uploadLimits, uploadVersion } from '../api/app-api'

const PLATFORM = { android: 'Android', ios: 'iOS' } as Record<string, string>

/** 应用管理 */
export function AppPage() {
  const { params, onTableChange, pagination, sortOrderOf } = useListParams(['platform'] as const)
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    platform: params.filters.platform,
  }
  const list = useQuery({ queryKey: ['app-versions', query], queryFn: () => queryVersions(query), placeholderData: keepPreviousData })
  const limits = useQuery({ queryKey: ['app-limits'], queryFn: uploadLimits, staleTime: Infinity })
  const [uploading, setUploading] = useState(false)
  const [editing, setEditing] = useState<AppVersionView | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const run = useAction()
  const { message } = App.useApp()
  const maxBytes = limits.data?.maxBytes

  const columns: TableColumnsType<AppVersionView> = [
    {
      title: '平台',
      key: 'platform',
      width: 100,
      filters: Object.entries(PLATFORM).map(([value, text]) => ({ value, text })),
      filterMultiple: false,
      filteredValue: params.filters.platform ? [params.filters.platform] : null,
      render: (_, v) => PLATFORM[v.platform],
    },
    { title: '版本号', dataIndex: 'versionCode', key: 'versionCode', sorter: true, sortOrder: sortOrderOf('versionCode'), width: 90 },
    { title: '版本名称', dataIndex: 'versionName', width: 100 },
    { title: '强制更新', dataIndex: 'forceUpdate', width: 90, render: (v: boolean) => (v ? <Tag color="red">强制</Tag> : <Tag>可选</Tag>) },
    { title: '更新说明', dataIndex: 'notes', ellipsis: true, render: (v: string) => v || '—' },
    { title: '安装包', key: 'file', render: (_, v) => `${v.fileName}（${formatBytes(v.fileSize)}）` },
    {
      title: '上传',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      width: 190,
      render: (_, v) => `${formatTime(v.createdAt)} ${v.uploadedBy}`,
    },
    {
      title: '操作',
      key: 'a',
      width: 170,
      render: (_, v) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => run(async () => saveBlob(await downloadVersion(v.id), v.fileName))}>
            下载
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(v)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteVersion(v.id), {
                confirm: { title: `删除 ${PLATFORM[v.platform]} ${v.versionName}？`, content: '安装包文件一并删除。' },
                success: '已删除',
                refresh: [['app-versions']],
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <ListShell
      title="应用管理"
      intro="移动端安装包版本；手机端按版本号检查更新"
      testId="admin-app-page"
      toolbar={
        <>
          <span style={{ color: '#6b7280' }}>{maxBytes ? `安装包上限 ${Math.round(maxBytes / 1024 / 1024)} MB，支持 .apk、.ipa` : ''}</span>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)} data-testid="app-upload">
            上传新版本
          </Button>
        </>
      }
    >
      <PagedTable<AppVersionView>
        list={list}
        emptyText="还没有上传任何版本"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
      />
      <FormModal
        title="上传新版本"
        open={uploading}
        schema={appUploadFields}
        initialValues={{ platform: 'android', forceUpdate: false, notes: '' }}
        okText="上传"
        onClose={() => {
          setUploading(false)
          setFile(null)
          setProgress(null)
        }}
        onSubmit={async (v) => {
          if (!file) throw new Error('请选择安装包文件')
          const ext = APP_PLATFORMS[v.platform]
          if (!file.name.toLowerCase().endsWith(ext)) throw new Error(`${PLATFORM[v.platform]} 安装包应为 ${ext} 文件`)
          if (maxBytes && file.size > maxBytes) throw new Error(`安装包超过大小上限 ${Math.round(maxBytes / 1024 / 1024)} MB`)
          const form = new FormData()
          form.append('platform', v.platform)
          form.append('versionCode', String(v.versionCode))
          form.append('versionName', v.versionName)
          form.append('notes', v.notes)
          form.append('forceUpdate', String(v.forceUpdate))
          form.append('file', file)
          setProgress(0)
          try {
            await uploadVersion(form, setProgress)
          } finally {
            setProgress(null)
          }
          message.success('已上传')
          setFile(null)
          void list.refetch()
        }}
        testId="app-form"
      >
        {() => (
          <>
            <Space size={16} style={{ width: '100%' }} align="start">
              <Form.Item label="平台" name="platform" rules={[fieldRule(appUploadFields, 'platform')]}>
                <Select style={{ width: 120 }} options={Object.entries(PLATFORM).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
              <Form.Item
                label="版本号"
                name="versionCode"
                rules={[{ required: true, message: '版本号不能为空' }, fieldRule(appUploadFields, 'versionCode')]}
                extra="整数，越大越新"
              >
                <InputNumber min={1} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item
                label="版本名称"
                name="versionName"
                rules={[{ required: true, message: '版本名称不能为空' }, fieldRule(appUploadFields, 'versionName')]}
              >
                <Input placeholder="1.4.0" style={{ width: 130 }} />
              </Form.Item>
            </Space>
            <Form.Item label="更新说明" name="notes" rules={[fieldRule(appUploadFields, 'notes')]}>
              <Input.TextArea rows={3} />
            </Form.Item>
            <Form.Item label="强制更新" name="forceUpdate" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="安装包" required>
              <Upload.Dragger
                maxCount={1}
                accept=".apk,.ipa"
                beforeUpload={(f) => {
                  setFile(f)
                  return false
                }}
                onRemove={() => setFile(null)}
                fileList={file ? [{ uid: 'f', name: `${file.name}（${formatBytes(file.size)}）`, status: 'done' }] : []}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p>点击或拖入 .apk / .ipa 安装包{maxBytes ? `（不超过 ${Math.round(maxBytes / 1024 / 1024)} MB）` : ''}</p>
              </Upload.Dragger>
              {progress !== null && <Progress percent={Math.round(progress * 100)} size="small" />}
            </Form.Item>
          </>
        )}
      </FormModal>
      <FormModal
        title={`编辑版本 ${editing?.versionName ?? ''}`}
        open={!!editing}
        schema={appEditBody}
        initialValues={
          editing ? { id: editing.id, versionName: editing.versionName, notes: editing.notes, forceUpdate: editing.forceUpdate } : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await editVersion(v)
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Form.Item label="版本名称" name="versionName" rules={[fieldRule(appEditBody, 'versionName')]}>
              <Input />
            </Form.Item>
            <Form.Item label="更新说明" name="notes" rules={[fieldRule(appEditBody, 'notes')]}>
              <Input.TextArea rows={3} />
            </Form.Item>
            <Form.Item label="强制更新" name="forceUpdate" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
