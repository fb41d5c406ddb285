/**
 * 上传数据: the kind of record, the coordinate system, the file (drag or pick) with what is
 * accepted and the size limit, the progress of the bytes sent, and the template downloads. The
 * batch made of the file shows the progress of reading its rows (batch detail).
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Form, Progress, Radio, Select, Space, Upload } from 'antd'
import { useState } from 'react'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { IMPORT_EXTENSIONS, IMPORT_FORMATS, SOURCE_CRS, type DeclaredCrs } from '../../../../domain/datacenter/import-batch'
import { RECORD_KIND_LABEL, type RecordKind } from '../../../../domain/datacenter/standard'
import { saveBlob } from '../../../core/api'
import { toApiError } from '../../../core/http-catalogue'
import { downloadTemplate } from '../api/download-template'
import { useFileLimits } from '../../../core/calls/query-file-limits'
import { uploadBatch } from '../api/upload-batch'

/** Props of {@link UploadPanel}. */
export interface UploadPanelProps {
  /** a batch was made of the file (its rows are being read) */
  onCreated: (b: BatchView) => void
  canWrite: boolean
}

const CRS_OPTIONS = [
  { value: 'auto', label: '自动识别（.prj / GeoJSON 声明，默认 WGS84）' },
  ...Object.entries(SOURCE_CRS).map(([value, label]) => ({ value, label })),
]

/** The upload card of 数据采集. */
export function UploadPanel({ onCreated, canWrite }: UploadPanelProps) {
  const { message } = App.useApp()
  const limits = useFileLimits()
  const [kind, setKind] = useState<RecordKind>('parcel')
  const [crs, setCrs] = useState<DeclaredCrs>('auto')
  const [sent, setSent] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const maxMb = limits.data ? Math.round(limits.data.maxBytes / 1024 / 1024) : null

  const start = async (file: File) => {
    setError(null)
    if (limits.data && file.size > limits.data.maxBytes) {
      setError(`文件「${file.name}」超过大小上限 ${maxMb} MB`)
      return
    }
    setSent(0)
    try {
      const b = await uploadBatch(file, kind, crs, (f) => setSent(Math.round(f * 100)))
      message.info(`「${file.name}」已上传为批次 #${b.id}，正在读取数据`)
      onCreated(b)
    } catch (err) {
      setError(toApiError(err).message)
    } finally {
      setSent(null)
    }
  }

  const template = async (k: RecordKind) => {
    try {
      saveBlob(await downloadTemplate(k), `${RECORD_KIND_LABEL[k]}导入模板.xlsx`)
    } catch (err) {
      message.error(toApiError(err).message)
    }
  }

  return (
    <Card
      title="上传数据"
      size="small"
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} size="small" onClick={() => void template('parcel')} data-testid="template-parcel">
            地块模板
          </Button>
          <Button icon={<DownloadOutlined />} size="small" onClick={() => void template('enterprise')} data-testid="template-enterprise">
            企业模板
          </Button>
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="数据类型">
          <Radio.Group
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            optionType="button"
            buttonStyle="solid"
            data-testid="upload-kind"
          >
            <Radio.Button value="parcel">地块（工业用地）</Radio.Button>
            <Radio.Button value="enterprise">企业（用地单位）</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="坐标系" tooltip="Shapefile 读取 .prj；GeoJSON 读取 crs 声明，没有声明按 WGS84；高德、DataV 导出的数据请选 GCJ-02">
          <Select value={crs} onChange={setCrs} options={CRS_OPTIONS} style={{ width: 330 }} data-testid="upload-crs" />
        </Form.Item>
      </Form>
      <Upload.Dragger
        accept={IMPORT_EXTENSIONS.join(',')}
        multiple={false}
        showUploadList={false}
        disabled={!canWrite || sent !== null}
        beforeUpload={(file) => {
          void start(file)
          return false
        }}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {canWrite ? `点击或拖拽文件到此处，导入为${RECORD_KIND_LABEL[kind]}数据` : '当前账号为只读，不能上传'}
        </p>
        <p className="ant-upload-hint">
          {Object.values(IMPORT_FORMATS).join('；')}
          {maxMb ? `；单个文件不超过 ${maxMb} MB` : ''}
        </p>
      </Upload.Dragger>
      <div style={{ marginTop: 12 }}>
        {sent !== null && (
          <div data-testid="upload-progress">
            <Progress percent={sent} status="active" />
            <div style={{ color: '#6b7280', fontSize: 13 }}>正在上传文件…</div>
          </div>
        )}
        {error && <Alert type="error" showIcon closable onClose={() => setError(null)} title={error} data-testid="upload-error" />}
      </div>
    </Card>
  )
}
