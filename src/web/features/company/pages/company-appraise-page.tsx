/**
 * 本企业评价 (/company/appraise, issue 28): what an enterprise account sees of its own 亩均效益评价 —
 * each batch put to 公示 that holds it (newest first) with its class, score and the inputs behind
 * it, its own 异议 and their decisions, and the form to object while the window is open. It sees
 * nothing of any other enterprise (the server answers only the account's own enterprise).
 */
import { Alert, Empty, Space, Spin } from 'antd'
import { productToday } from '../../../core/product-today'
import { ListShell } from '../../../ui/list-shell'
import { useMyAppraisal } from '../api/get-my-appraisal'
import { useWorkCalendar } from '../../../core/calls/query-work-calendar'
import { MyBatch } from '../components/my-batch'

/** 本企业评价 */
export function CompanyAppraisePage() {
  const mine = useMyAppraisal()
  // the server's today: the 异议 deadline is checked against the product's calendar, not the browser's
  const today = useWorkCalendar(productToday().year()).data?.today
  const list = mine.data ?? []
  return (
    <ListShell
      title="本企业评价"
      intro="本企业的亩均效益评价结果；公示期间对结果有异议的，可在异议截止日前提出并上传证明材料"
      testId="company-appraise"
      error={mine.error}
      onRetry={() => void mine.refetch()}
    >
      {mine.isLoading && <Spin />}
      {!mine.isLoading && !mine.error && list.length === 0 && (
        <Empty
          data-testid="company-appraise-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="本企业目前没有公示中或已发布的评价结果。区县经信部门公示评价结果后，可在此查看并在公示期内提出异议。"
        />
      )}
      {list.length > 0 && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {list.some((m) => m.batch.state === '公示' || m.batch.state === '异议') && (
            <Alert type="warning" showIcon title="有评价结果正在公示：请核对类别、得分和各部门报送的数据，如有异议请在截止日前提出" />
          )}
          {list.map((m) => (
            <MyBatch key={m.batch.id} m={m} today={today} />
          ))}
        </Space>
      )}
    </ListShell>
  )
}
