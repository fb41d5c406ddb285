/**
 * The filter form of the list reports (用地单位列表, 工业用地列表, 低效用地): its fields show the
 * filters in the URL, 查询 (or Enter in a text field) applies them, 重置 clears them; the page's
 * export sits beside them.
 */
import { Button, Form, Space } from 'antd'
import { useEffect, type ReactNode } from 'react'
import { useByValue } from '../../../core/use-by-value'

/** Props of {@link ReportSearchForm}. */
export interface ReportSearchFormProps<V extends object> {
  /** the filters in force, as the fields hold them */
  values: V
  onSearch: (values: V) => void
  /** the Form.Items */
  children: ReactNode
  /** after 查询 and 重置, e.g. 导出 Excel */
  extra?: ReactNode
  testId: string
}

/** An inline filter form with 查询 and 重置. */
export function ReportSearchForm<V extends object>({ values, onSearch, children, extra, testId }: ReportSearchFormProps<V>) {
  const [form] = Form.useForm<V>()
  // the values by their text: the page builds a new object each render
  const inForce = useByValue(values)
  // the URL may change without the form (a reason clicked, back in history): show what is in force
  useEffect(() => {
    form.resetFields()
    form.setFieldsValue(inForce as Parameters<typeof form.setFieldsValue>[0])
  }, [inForce, form])
  return (
    <Form<V> form={form} layout="inline" onFinish={onSearch} data-testid={testId} style={{ rowGap: 8 }}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid={`${testId}-submit`}>
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields()
              onSearch({} as V)
            }}
          >
            重置
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  )
}
