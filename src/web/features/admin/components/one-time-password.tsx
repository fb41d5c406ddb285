/** Shows a generated one-time password once, with a copy button (new account, reset). */
import { CopyOutlined } from '@ant-design/icons'
import { App, Button, Modal, Typography } from 'antd'
import type { InitialPassword } from '../../../../domain/contracts/admin-user'

/** The one-time password dialog; closing it forgets the password. */
export function OneTimePasswordModal({ value, title, onClose }: { value: InitialPassword | null; title: string; onClose: () => void }) {
  const { message } = App.useApp()
  const copy = async () => {
    if (!value) return
    try {
      await navigator.clipboard.writeText(value.password)
      message.success('已复制')
    } catch {
      message.info('请手动选中复制')
    }
  }
  return (
    <Modal
      title={title}
      open={!!value}
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {value && (
        <>
          <p>
            账号 <b>{value.username}</b> 的一次性密码如下，仅显示这一次。请通过安全渠道交给本人；首次登录时须修改密码。
          </p>
          <Typography.Paragraph
            style={{ fontSize: 20, fontFamily: 'monospace', background: '#f5f7fb', padding: '8px 12px', borderRadius: 4 }}
          >
            <span data-testid="one-time-password">{value.password}</span>{' '}
            <Button size="small" icon={<CopyOutlined />} onClick={copy}>
              复制
            </Button>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  )
}
