/**
 * 导出 button of a list: runs the download, shows that it is working (spinner and 正在导出…) until
 * the file is handed to the browser — a large export streams for a while — and the server's
 * message when it fails.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { App, Button } from 'antd'
import { useState, type ReactNode } from 'react'
import { toApiError } from '../core/http-catalogue'

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /** downloads and saves the file */
  onExport: () => Promise<void>
  children?: ReactNode
  disabled?: boolean
  testId?: string
}

/** A download button with its progress state. */
export function ExportButton({ onExport, children = '导出 Excel', disabled, testId }: ExportButtonProps) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      disabled={disabled}
      data-testid={testId}
      data-busy={busy ? 'true' : 'false'}
      onClick={async () => {
        setBusy(true)
        try {
          await onExport()
        } catch (err) {
          message.error(toApiError(err).message)
        } finally {
          setBusy(false)
        }
      }}
    >
      {busy ? '正在导出…' : children}
    </Button>
  )
}
