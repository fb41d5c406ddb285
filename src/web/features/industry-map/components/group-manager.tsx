/**
 * A group page (docs/product.md §2 地块分组管理 / 企业分组管理), the same for both kinds: the groups on the
 * left, the chosen group's members on the right; the chosen group is `?group=` in the URL.
 */
import { Empty } from 'antd'
import styled from 'styled-components'
import { GROUP_KINDS, type GroupKind } from '../../../../domain/contracts/record-group'
import { ListShell } from '../../../ui/list-shell'
import { useGroup } from '../api/get-group'
import { GroupList } from './group-list'
import { GroupMembers } from './group-members'
import { GROUP_WORDS } from './group-words'
import { Panel, useChosenId } from './profile-layout'
import { ProfileState } from './profile-parts'

const Grid = styled.div`
  display: grid;
  grid-template-columns: 400px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`

/** 地块分组管理 (kind parcel) or 企业分组管理 (kind enterprise). */
export function GroupManager({ kind }: { kind: GroupKind }) {
  const { label } = GROUP_KINDS[kind]
  const words = GROUP_WORDS[kind]
  const [chosen, choose] = useChosenId('group')
  const group = useGroup(kind, chosen)
  return (
    <ListShell
      title={`${label}分组管理`}
      intro={`把需要一起跟踪的${words.noun}编成分组，查看、维护成员并导出`}
      testId={`industry-map-${kind}-groups`}
    >
      <Grid>
        <Panel>
          <GroupList kind={kind} chosen={chosen} onChoose={choose} />
        </Panel>
        <Panel>
          {chosen === null ? (
            <Empty
              style={{ padding: '80px 0' }}
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`从左侧选择一个分组查看其${words.noun}；还没有分组时，点击“新建分组”创建`}
            />
          ) : group.data ? (
            <GroupMembers key={group.data.id} kind={kind} group={group.data} />
          ) : (
            <ProfileState loading={group.isLoading} error={group.error} what="分组" />
          )}
        </Panel>
      </Grid>
    </ListShell>
  )
}
