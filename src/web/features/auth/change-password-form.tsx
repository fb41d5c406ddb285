/**
 * 修改密码 form: the policy of src/domain/password-policy.ts is checked here as the user types
 * (the plain password exists only here) and again by the server on the encrypted copy.
 */
import { CheckCircleFilled, CloseCircleOutlined, InfoCircleOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import styled from 'styled-components'
import type { LoginResult } from '../../../domain/contracts/auth'
import { PASSWORD_POLICY, characterClasses, passwordProblems } from '../../../domain/password-policy'
import { toApiError } from '../../core/http-catalogue'
import { changeOwnPassword } from './password-flow'
import { enterMovesOn } from '../../ui/form-keys'

const Rules = styled.ul`
  list-style: none;
  padding: 0;
  margin: -8px 0 16px;
  font-size: 13px;
  li {
    display: flex;
    gap: 6px;
    align-items: center;
    color: ${({ theme }) => theme.textMuted};
  }
  .ok {
    color: #389e0d;
  }
`

interface Values {
  oldPassword: string
  newPassword: string
  confirm: string
}

/** The rules as a checklist for the password being typed. */
function checklist(password: string, username: string): { text: string; ok: boolean | null }[] {
  return [
    {
      text: `至少${PASSWORD_POLICY.minLength}位`,
      ok: password.length >= PASSWORD_POLICY.minLength && password.length <= PASSWORD_POLICY.maxLength,
    },
    {
      text: `大写字母、小写字母、数字、特殊字符中至少${PASSWORD_POLICY.minClasses}类`,
      ok: characterClasses(password) >= PASSWORD_POLICY.minClasses,
    },
    { text: '不包含用户名', ok: password.length > 0 && !password.toLowerCase().includes(username.toLowerCase()) },
    // only the server knows the earlier passwords
    { text: `不与最近${PASSWORD_POLICY.historySize}次的密码相同（提交后由服务器检查）`, ok: null },
  ]
}

/** The form; `onChanged` gets the new sign-in. */
export function ChangePasswordForm({
  username,
  onChanged,
  submitText = '修改密码',
}: {
  username: string
  onChanged: (result: LoginResult) => void
  submitText?: string
}) {
  const [form] = Form.useForm<Values>()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const typed = Form.useWatch('newPassword', form) ?? ''

  const onFinish = async (v: Values) => {
    setBusy(true)
    setError(null)
    try {
      onChanged(await changeOwnPassword(username, v.oldPassword, v.newPassword))
    } catch (err) {
      const e = toApiError(err)
      const fields = e.details.filter((d) => d.field === 'oldPassword' || d.field === 'newPassword')
      if (fields.length) form.setFields(fields.map((d) => ({ name: d.field as keyof Values, errors: [d.message] })))
      else setError(e.message)
      setBusy(false)
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onKeyDown={enterMovesOn()}
      onFinish={onFinish}
      requiredMark={false}
      data-testid="change-password-form"
    >
      {error && (
        <div role="alert" data-testid="change-password-error">
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
        </div>
      )}
      <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" data-testid="change-password-old" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: async (_r, value: string) => {
              const problems = passwordProblems(value ?? '', username)
              if (problems.length) throw new Error(problems[0])
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="change-password-new" />
      </Form.Item>
      <Rules aria-label="密码要求">
        {checklist(typed, username).map((r) => (
          <li key={r.text} className={r.ok ? 'ok' : ''}>
            {r.ok === null ? <InfoCircleOutlined /> : r.ok ? <CheckCircleFilled /> : <CloseCircleOutlined />} {r.text}
          </li>
        ))}
      </Rules>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的新密码不一致')
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="change-password-submit">
        {submitText}
      </Button>
    </Form>
  )
}
