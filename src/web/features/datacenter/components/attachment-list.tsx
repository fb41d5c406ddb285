/**
 * 附件列表: the files of a submission or a record — name (a download link: the file is fetched
 * with the token and saved under its name), size, uploader — and, where the list is being edited,
 * a remove button per file.
 */
import { DeleteOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined } from '@ant-design/icons'
import { App, Button, Empty, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import type { AttachmentView } from '../../../../domain/contracts/datacenter'
import { toApiError } from '../../../core/http-catalogue'
import { formatBytes } from '../../../core/format-figure'
import { downloadAttachment } from '../api/download-attachment'

const ICONS: Record<string, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#cf1322' }} />,
  png: <FileImageOutlined style={{ color: '#1677ff' }} />,
  jpeg: <FileImageOutlined style={{ color: '#1677ff' }} />,
}

/** The list; `onRemove` makes each file removable, `empty` is said when there is none. */
export function AttachmentList({
  files,
  onRemove,
  empty = '无附件',
  testId = 'attachment-list',
}: {
  files: readonly AttachmentView[]
  onRemove?: (a: AttachmentView) => void
  empty?: string
  testId?: string
}) {
  const { message } = App.useApp()
  if (!files.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '4px 0' }} data-testid={testId} />
  const download = async (a: AttachmentView) => {
    try {
      await downloadAttachment(a)
    } catch (err) {
      message.error(`下载「${a.name}」失败：${toApiError(err).message}`)
    }
  }
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {files.map((a) => (
        <li
          key={a.id}
          data-testid={`attachment-${a.id}`}
          style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          {ICONS[a.kind] ?? <FileOutlined />}
          <Typography.Link
            data-testid={`attachment-download-${a.id}`}
            onClick={() => void download(a)}
            ellipsis
            style={{ flex: 1, minWidth: 0 }}
            title={`下载 ${a.name}`}
          >
            {a.name}
          </Typography.Link>
          <Space size={12} style={{ flex: 'none' }}>
            <Typography.Text type="secondary">{formatBytes(a.size)}</Typography.Text>
            <Typography.Text type="secondary">{a.uploadedByName}</Typography.Text>
            {a.submissionId !== null && <Typography.Text type="secondary">提交 #{a.submissionId}</Typography.Text>}
            {onRemove && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`移除 ${a.name}`}
                data-testid={`attachment-remove-${a.id}`}
                onClick={() => onRemove(a)}
              />
            )}
          </Space>
        </li>
      ))}
    </ul>
  )
}
