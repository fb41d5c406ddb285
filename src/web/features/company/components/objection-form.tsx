/**
 * 提出异议 (issue 28): the enterprise's own 异议 of a batch in 公示 — what it disputes and the
 * documents that show it (up to 10: PDF, Word, Excel, pictures) — asked once more before it is sent.
 */
import { PaperClipOutlined } from '@ant-design/icons'
import { App, Button, Form, Input, Space, Tag, Upload } from 'antd'
import { useState } from 'react'
import { DOCUMENT_EXTENSIONS } from '../../../../domain/contracts/base-file'
import { chineseDate } from '../../../../domain/work-calendar'
import { toApiError } from '../../../core/http-catalogue'
import { useAction } from '../../../ui/use-action'
import { fileObjection } from '../api/file-objection'
import { COMPANY_KEY } from '../api/query-keys'
import { uploadObjectionFile } from '../api/upload-objection-file'

const MAX_FILES = 10

/** The form of a batch whose window is open until `deadline`. */
export function ObjectionForm({ batchId, deadline }: { batchId: number; deadline: string }) {
  const [form] = Form.useForm<{ content: string }>()
  const [files, setFiles] = useState<{ id: number; name: string }[]>([])
  const [uploading, setUploading] = useState(false)
  const act = useAction()
  const { message } = App.useApp()
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid={`objection-form-${batchId}`}
      onFinish={async (v) => {
        const ok = await act(
          async () => message.success((await fileObjection({ batchId, content: v.content, attachments: files.map((f) => f.id) })).message),
          {
            confirm: {
              title: '提交异议？',
              content: `提交后不能修改；经信科审核后会在本页告知结论。${chineseDate(deadline)}前可再次提出。`,
              danger: false,
            },
            refresh: [COMPANY_KEY as unknown as string[]],
          },
        )
        if (ok) {
          form.resetFields()
          setFiles([])
        }
      }}
    >
      <Form.Item
        name="content"
        label="异议内容"
        extra="请写明对哪项指标或类别有异议、正确的数值及其依据（如税务部门出具的完税证明）"
        rules={[
          { required: true, whitespace: true, message: '请填写异议内容' },
          { max: 1000, message: '异议内容最多1000个字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount data-testid="company-objection-content" />
      </Form.Item>
      <Form.Item label="证明材料" extra={`可上传 ${DOCUMENT_EXTENSIONS.join('、')} 文件，最多${MAX_FILES}个`}>
        <Space wrap>
          <Upload
            accept={DOCUMENT_EXTENSIONS.join(',')}
            showUploadList={false}
            disabled={files.length >= MAX_FILES}
            beforeUpload={async (file) => {
              setUploading(true)
              try {
                const f = await uploadObjectionFile(file)
                setFiles((x) => [...x, { id: f.id, name: f.name }])
              } catch (e) {
                message.error(toApiError(e).message)
              } finally {
                setUploading(false)
              }
              return false
            }}
          >
            <Button
              icon={<PaperClipOutlined />}
              loading={uploading}
              disabled={files.length >= MAX_FILES}
              data-testid="company-objection-upload"
            >
              上传附件
            </Button>
          </Upload>
          {files.map((x) => (
            <Tag
              key={x.id}
              closable
              onClose={() => setFiles((all) => all.filter((y) => y.id !== x.id))}
              data-testid="company-objection-file"
            >
              {x.name}
            </Tag>
          ))}
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={uploading} data-testid="company-objection-submit">
        提交异议
      </Button>
    </Form>
  )
}
