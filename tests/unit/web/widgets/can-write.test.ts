/**
 * The one write rule: the super user writes everywhere; anyone else on a page whose grant they hold
 * at an entry point that writes (/system, /systems), whatever address the page is shown at; the
 * grants of the read-only /warehouse entry open reads only.
 */
import { describe, expect, it } from 'vitest'
import type { GrantedMenuRoute } from '../../../../src/web/core/permission'
import { canWrite, writingPaths, type Writer } from '../../../../src/web/widgets/can-write'

const leaves = (...routes: string[]): GrantedMenuRoute[] => routes.map((menuRoute) => ({ menuRoute, hasChildren: false }))
const user = (...routes: string[]): Writer => ({ isAdmin: false, grants: leaves(...routes) })
const ADMIN: Writer = { isAdmin: true, grants: [] }
const CLERK = user('/system/data/center/input', '/system/data/center/sjcj')
const AUDITOR = user('/system/audit/gyyd', '/system/audit/yddw', '/warehouse/data/center/input', '/warehouse/data/center/sjcj')

const ROWS: [string, string, Writer, boolean][] = [
  ['the super user writes on any page', '/system/data/center/sjgf', ADMIN, true],
  ['the super user writes at the read-only entry too', '/warehouse/data/center/input', ADMIN, true],
  ['a grant of the page writes', '/system/data/center/input', CLERK, true],
  ['the same page under /systems is the same grant', '/systems/data/center/input', CLERK, true],
  ['grants decide, not the address: the clerk writes on the page shown under /warehouse', '/warehouse/data/center/input', CLERK, true],
  ['a sibling page is not granted', '/system/data/center/sjgf', CLERK, false],
  ['a /systems grant writes on the /system page', '/system/data/center/sjcl', user('/systems/data/center/sjcl'), true],
  ['a /warehouse grant opens reads only', '/warehouse/data/center/input', AUDITOR, false],
  ['… also for data collection', '/system/data/center/sjcj', AUDITOR, false],
  ['the auditor audits parcels', '/system/audit/gyyd', AUDITOR, true],
  ['an audit grant of parcels is not one of enterprises', '/system/audit/yddw', user('/system/audit/gyyd'), false],
  ['a granted leaf menu covers its sub-pages', '/system/data/center/foundGyyd', user('/system/data/center'), true],
  ['no grants, no writes', '/system/data/center/input', user(), false],
  ['a page off the route table is nobody’s but the super user’s', '/system/nowhere', CLERK, false],
]

describe('canWrite', () => {
  it.each(ROWS)('%s', (_, page, who, may) => {
    expect(canWrite(page, who)).toBe(may)
  })
})

describe('writingPaths', () => {
  it('names the page at every entry point that writes', () => {
    expect(writingPaths('/warehouse/data/center/input')).toEqual(['/system/data/center/input', '/systems/data/center/input'])
    expect(writingPaths('/system/audit/gyyd')).toEqual(['/system/audit/gyyd', '/systems/audit/gyyd'])
  })
  it('follows a default child to its page, and knows nothing off the table', () => {
    expect(writingPaths('/warehouse/data/center')).toEqual(['/system/data/center/input', '/systems/data/center/input'])
    expect(writingPaths('/nowhere')).toEqual([])
  })
})
