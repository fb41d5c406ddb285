/** The seven stages of 项目管理 as steps: the page's own stage highlighted, a click opens another. */
import { Steps } from 'antd'
import { useNavigate } from 'react-router-dom'
import { PROJECT_PAGES } from '../../../../domain/contracts/lifecycle-project'
import { LIFECYCLE_STAGES, STAGE_NAMES, type LifecycleStage } from '../../../../domain/lifecycle'

/** Steps of the stage pages. */
export function StageStepper({ stage }: { stage: LifecycleStage }) {
  const navigate = useNavigate()
  const current = LIFECYCLE_STAGES.indexOf(stage)
  return (
    <Steps
      data-testid="stage-stepper"
      type="navigation"
      size="small"
      current={current}
      onChange={(i) => i !== current && navigate(PROJECT_PAGES[i])}
      items={LIFECYCLE_STAGES.map((s, i) => ({ key: s, title: STAGE_NAMES[s], status: i === current ? 'process' : 'wait' }))}
      style={{ marginBottom: 16, background: '#fff', borderRadius: 6 }}
    />
  )
}
