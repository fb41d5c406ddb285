/**
 * The frame of a profile page (地块信息, 用地单位信息): the searchable list on the left, the chosen
 * record's profile on the right; the chosen record is `?id=` in the URL, so a profile can be linked
 * and survives a reload.
 */
import { Empty } from 'antd'
import { useCallback } from 'react'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

const Grid = styled.div`
  display: grid;
  grid-template-columns: 500px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`

/** The class of the list row whose record is open beside it. */
export const CHOSEN_ROW = 'is-chosen'

/** A white box of the page (list, profile); it marks the chosen row of a list inside. */
export const Panel = styled.section`
  background: #fff;
  border: 1px solid #e5e9f2;
  border-radius: 4px;
  padding: 12px 14px;
  min-width: 0;
  .ant-table-tbody > tr.${CHOSEN_ROW} > td {
    background: #e8eef9;
  }
  .ant-table-tbody > tr.${CHOSEN_ROW} > td:first-child {
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.primary};
  }
`

/** The list beside the profile. */
export function ProfileLayout({ list, profile }: { list: ReactNode; profile: ReactNode }) {
  return (
    <Grid>
      <Panel>{list}</Panel>
      <Panel>{profile}</Panel>
    </Grid>
  )
}

/** What the profile says before a record is chosen. */
export function NoProfile({ noun }: { noun: string }) {
  return <Empty style={{ padding: '80px 0' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={`从左侧列表中选择一个${noun}查看档案`} />
}

/**
 * The chosen record of the page (`?id=`, or another search parameter such as `?group=`) and how
 * to choose another or none; a choice is kept in history, so 后退 returns to the one before.
 */
export function useChosenId(param = 'id'): [number | null, (id: number | null) => void] {
  const [sp, setSp] = useSearchParams()
  const raw = Number(sp.get(param))
  const id = Number.isInteger(raw) && raw > 0 ? raw : null
  const choose = useCallback(
    (next: number | null) =>
      setSp((prev) => {
        const p = new URLSearchParams(prev)
        if (next === null) p.delete(param)
        else p.set(param, String(next))
        return p
      }),
    [setSp, param],
  )
  return [id, choose]
}
