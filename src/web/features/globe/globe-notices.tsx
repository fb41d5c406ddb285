/** Visible notices over the globe (imagery fallback, unknown landId, load failures). */
import { Alert } from 'antd'

/** Stacked notices at the top centre; each can be closed. */
export function GlobeNotices({ notices, onClose }: { notices: string[]; onClose: (n: string) => void }) {
  if (notices.length === 0) return null
  return (
    <div
      style={{ position: 'absolute', top: 64, left: '50%', transform: 'translateX(-50%)', zIndex: 3, width: 460 }}
      data-testid="globe-notices"
    >
      {notices.map((n) => (
        <Alert
          key={n}
          type="warning"
          showIcon
          closable={{ onClose: () => onClose(n) }}
          title={n}
          style={{ marginBottom: 8 }}
          data-testid="globe-notice"
        />
      ))}
    </div>
  )
}

/** Saves a data url as a file (the PNG export). */
export function downloadDataUrl(dataUrl: string, filename: string): void {
  const a = document.createElement('a')
  a.href = dataUrl
  a.download = filename
  a.click()
}
