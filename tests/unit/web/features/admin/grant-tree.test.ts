/** The role grant tree shows all six menu groups (docs/product.md §6) and sends only menu ids. */
import { describe, expect, it } from 'vitest'
import type { MenuNodeView } from '../../../../../src/domain/contracts/admin-menu'
import { grantTree, grantedIds } from '../../../../../src/web/features/admin/components/grant-tree'

const m = (id: number, name: string, group: MenuNodeView['group'], children: MenuNodeView[] = []): MenuNodeView => ({
  id,
  parentId: -1,
  name,
  menuRoute: `/${id}`,
  group,
  sort: id,
  icon: '',
  customized: false,
  children,
})

describe('grantTree', () => {
  it('puts each menu under its group, groups in docs/product.md §6 order, empty groups left out', () => {
    const tree = grantTree([m(3, '低效用地', 'landMenus'), m(1, '系统平台', 'systemMenus', [m(2, '资源云图', 'systemMenus')])])
    expect(tree).toEqual([
      {
        key: 'group:systemMenus',
        title: '系统平台',
        children: [{ key: 1, title: '系统平台', children: [{ key: 2, title: '资源云图', children: undefined }] }],
      },
      { key: 'group:landMenus', title: '土地', children: [{ key: 3, title: '低效用地', children: undefined }] },
    ])
  })
  it('sends the checked menu ids without the group keys', () => {
    expect(grantedIds(['group:systemMenus', 1, 2, 'group:landMenus'])).toEqual([1, 2])
  })
})
