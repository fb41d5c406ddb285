/** Where the write form puts an error: under a field it shows, else above the form. */
import { describe, expect, it } from 'vitest'
import { holdsField, namePath, placeErrors } from '../../../../src/web/ui/write-form-modal'

/** A form whose shown fields are `names`; `placed` records what setFields got. */
function formShowing(...names: (string | number)[][]) {
  const placed: { name: unknown; errors: string[] }[] = []
  return {
    placed,
    form: {
      getFieldsError: () => names.map((name) => ({ name, errors: [], warnings: [] })),
      setFields: (fs: { name: unknown; errors?: string[] }[]) => {
        for (const f of fs) placed.push({ name: f.name, errors: f.errors ?? [] })
      },
    },
  }
}

describe('write form errors', () => {
  it('turns a server path into a name path', () => {
    expect(namePath('parcels.0.plannedAreaMu')).toEqual(['parcels', 0, 'plannedAreaMu'])
    expect(namePath('note')).toEqual(['note'])
  })

  it('holds a named field and what lies under a name.* entry, not the list itself', () => {
    const fields = ['note', 'parcels.*']
    expect(holdsField(fields, 'note')).toBe(true)
    expect(holdsField(fields, 'parcels.1.plannedAreaMu')).toBe(true)
    expect(holdsField(fields, 'parcels')).toBe(false)
    expect(holdsField(fields, 'date')).toBe(false)
  })

  it('puts an error under a field the form shows, and gives back one of a field it holds but does not show', () => {
    const { form, placed } = formShowing(['note'], ['parcels', 0, 'plannedAreaMu'])
    const rest = placeErrors(
      form as never,
      ['note', 'parcels.*'],
      [
        { field: 'note', message: '说明 note 最多1000个字' },
        { field: 'parcels.0.plannedAreaMu', message: '计划盘活面积 plannedAreaMu 应大于0' },
        { field: 'parcels.0.parcelId', message: '地块 3 已在另一个方案中' },
        { field: 'parcels', message: '至少选择一宗地块' },
      ],
    )
    expect(placed).toEqual([
      { name: ['note'], errors: ['说明 note 最多1000个字'] },
      { name: ['parcels', 0, 'plannedAreaMu'], errors: ['计划盘活面积 plannedAreaMu 应大于0'] },
    ])
    expect(rest.map((e) => e.field)).toEqual(['parcels.0.parcelId', 'parcels'])
  })
})
