/**
 * 发布 of a batch in 公示 or 异议 (issue 28): offered only to a holder of 评价审定, enabled from the
 * first day after the window and for someone who neither ran the 试算 nor opened the 公示, with no
 * 异议 left open — otherwise disabled, saying why. Asks before it publishes; the server decides anyway.
 */
import { App, Button, Tooltip } from 'antd'
import type { AppraisalBatch } from '../../../../domain/contracts/appraisal'
import { APPROVE_PAGES } from '../../../../domain/contracts/appraisal'
import { useSession } from '../../../core/session'
import { useAction } from '../../../ui/use-action'
import { useCanWrite } from '../../../widgets/use-can-write'
import { APPRAISAL_KEY, publishBatch } from '../api/appraisal-api'
import { publishBlock } from './due-process'

/** Whether the signed-in user holds 评价审定 (the page grant of 发布). */
export const useMayApprove = () => useCanWrite(APPROVE_PAGES[0])

/** The signed-in user as a publisher. */
export function usePublisher() {
  const userId = useSession((s) => s.user?.id ?? 0)
  return { userId, mayApprove: useMayApprove() }
}

/** 发布 as a link button of a batch row; nothing for a batch that is not in 公示 or 异议, or `today` not yet known. */
export function PublishButton({
  batch,
  today,
  type = 'link',
}: {
  batch: AppraisalBatch
  today: string | undefined
  type?: 'link' | 'primary'
}) {
  const who = usePublisher()
  const act = useAction()
  const { message } = App.useApp()
  if (batch.state !== '公示' && batch.state !== '异议') return null
  const block = today ? publishBlock(batch, who, today) : '正在读取工作日历…'
  const button = (
    <Button
      type={type}
      size="small"
      disabled={block !== null}
      data-testid={`batch-publish-${batch.id}`}
      data-block={block ?? ''}
      onClick={() =>
        act(async () => message.success((await publishBatch({ batchId: batch.id })).message), {
          confirm: {
            title: `发布 ${batch.countyName} ${batch.year}年评价结果（第${batch.version}版）？`,
            content: '发布后结果冻结，成为各页面、大屏和整治提升使用的企业类别；之后的更正须新建版本并说明原因。',
            danger: false,
          },
          refresh: [APPRAISAL_KEY as unknown as string[]],
        })
      }
    >
      发布
    </Button>
  )
  // a disabled button takes no hover: the tooltip sits on a wrapper
  return block ? (
    <Tooltip title={block}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
    </Tooltip>
  ) : (
    button
  )
}
