/**
 * 导入 (xlsx) of the 亩均效益评价 pages: a button opening a dialog with the template download, one file
 * to pick and, when the server refuses the file, every refused cell by row and column (nothing was
 * imported then, so the user fixes the file and sends it again).
 */
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd'
import { useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../core/http-catalogue'
import { APPRAISAL_KEY } from '../api/appraisal-api'

/** An import button and its dialog. */
export function XlsxImportButton({
  label,
  title,
  hint,
  extra,
  onTemplate,
  send,
  testId,
}: {
  label: string
  title: string
  hint: ReactNode
  /** controls above the file (the source, the year) */
  extra?: ReactNode
  onTemplate: () => Promise<void>
  /** sends the file; resolves to the success message */
  send: (file: File) => Promise<string>
  testId: string
}) {
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const { message } = App.useApp()
  const client = useQueryClient()
  const close = () => {
    setOpen(false)
    setFile(null)
    setError(null)
  }
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
        {label}
      </Button>
      <Modal
        title={title}
        open={open}
        onCancel={close}
        okText="导入"
        cancelText="取消"
        width={720}
        destroyOnHidden
        okButtonProps={{ disabled: !file, loading: busy, id: `${testId}-send` }}
        onOk={async () => {
          if (!file) return
          setBusy(true)
          setError(null)
          try {
            message.success(await send(file))
            await client.invalidateQueries({ queryKey: [...APPRAISAL_KEY] })
            close()
          } catch (e) {
            setError(e instanceof ApiError ? e : new ApiError(500, (e as Error).message))
          } finally {
            setBusy(false)
          }
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {hint}
          </Typography.Paragraph>
          {extra}
          <Space>
            <Button
              type="link"
              style={{ paddingLeft: 0 }}
              onClick={() => onTemplate().catch((e: Error) => message.error(e.message))}
              data-testid={`${testId}-template`}
            >
              下载导入模板
            </Button>
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                setFile(f)
                setError(null)
                return false
              }}
            >
              <Button data-testid={`${testId}-pick`}>选择 Excel 文件</Button>
            </Upload>
            <span data-testid={`${testId}-file`}>{file ? file.name : '未选择文件'}</span>
          </Space>
          {error && (
            <>
              <Alert type="error" showIcon message={error.message} data-testid={`${testId}-error`} />
              {error.details.length > 0 && (
                <Table
                  size="small"
                  rowKey={(r) => `${r.field}-${r.message}`}
                  pagination={{ pageSize: 8, showSizeChanger: false }}
                  dataSource={error.details}
                  data-testid={`${testId}-problems`}
                  columns={[
                    { title: '位置（行·列）', dataIndex: 'field', width: 240 },
                    { title: '问题', dataIndex: 'message' },
                  ]}
                />
              )}
            </>
          )}
        </Space>
      </Modal>
    </>
  )
}
