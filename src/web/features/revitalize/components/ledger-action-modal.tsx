/**
 * 认定 and 复核剔除 of the evaluation results chosen in 盘活方案: 认定 takes the batch, the unit and
 * the 认定日期 (the parcel's 低效 status then goes to the data centre's audit); 剔除 needs its reason.
 */
import { DatePicker, Form, Input, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { ledgerActionBody } from '../../../../domain/contracts/revitalize'
import { updateLedger } from '../api/update-ledger'
import { RevitalizeFormModal } from './revitalize-form-modal'
import { productToday } from '../../../core/product-today'

interface Values {
  batch?: string
  unit?: string
  date?: Dayjs
  reason?: string
}

/** What is to be done to which results of which run; null = closed. */
export interface LedgerActionTarget {
  action: '认定' | '剔除'
  runId: number
  parcels: { parcelId: number; landCode: string }[]
}

/** The modal. */
export function LedgerActionModal({ target, onClose }: { target: LedgerActionTarget | null; onClose: () => void }) {
  const confirm = target?.action === '认定'
  return (
    <RevitalizeFormModal<Values, typeof ledgerActionBody>
      title={confirm ? `认定低效用地（${target?.parcels.length ?? 0} 宗）` : `复核剔除（${target?.parcels.length ?? 0} 宗）`}
      open={target !== null}
      okText={confirm ? '认定' : '剔除'}
      testId="ledger-action-form"
      fields={['batch', 'unit', 'date', 'reason']}
      initialValues={{ date: productToday(), batch: `${productToday().year()}年第一批`, unit: '' }}
      schema={ledgerActionBody}
      toBody={(v) => ({
        action: target?.action ?? '认定',
        runId: target?.runId ?? 0,
        parcelIds: target?.parcels.map((p) => p.parcelId) ?? [],
        ...(confirm ? { batch: v.batch ?? '', unit: v.unit ?? '', date: v.date?.format('YYYY-MM-DD') } : { reason: v.reason ?? '' }),
      })}
      send={updateLedger}
      onClose={onClose}
      facts={
        <Typography.Paragraph type="secondary" data-testid="ledger-action-parcels">
          {target?.parcels.map((p) => p.landCode).join('、')}
          {confirm ? '：认定后进入低效用地台账，地块状态“低效”提交数据中心审核。' : '：剔除后不进入台账；已纳入方案的不能剔除。'}
        </Typography.Paragraph>
      }
    >
      {() =>
        confirm ? (
          <>
            <Form.Item name="batch" label="认定批次" rules={[{ max: 50, message: '认定批次最多50个字' }]}>
              <Input maxLength={50} aria-label="认定批次" />
            </Form.Item>
            <Form.Item name="unit" label="认定单位" rules={[{ max: 100, message: '认定单位最多100个字' }]}>
              <Input maxLength={100} placeholder="如：某某区自然资源和规划分局" aria-label="认定单位" />
            </Form.Item>
            <Form.Item name="date" label="认定日期" rules={[{ required: true, message: '请选择认定日期' }]}>
              <DatePicker aria-label="认定日期" />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label="剔除理由" rules={[{ required: true, whitespace: true, message: '请填写剔除理由' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：现场核查已完成技改扩建" aria-label="剔除理由" />
          </Form.Item>
        )
      }
    </RevitalizeFormModal>
  )
}
