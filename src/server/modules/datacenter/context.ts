/** Who calls a data-centre endpoint, as the services need it. */
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { scopeOf } from '../../auth/data-scope'
import { holdsAnyPage } from '../../auth/permission'
import type { AuthUser } from '../../auth/session'
import { AUDIT_PAGES } from './pages'
import type { Proposer } from './proposal'

/** The signed-in user as a proposer: id, data scope, own region. */
export function proposerOf(user: AuthUser): Proposer {
  return { id: user.id, scope: scopeOf(user), regionCode: user.regionCode }
}

/** The kinds whose audit page (地块审核 / 企业审核) the user holds; admin holds both. */
export async function auditKindsOf(db: Db, user: AuthUser): Promise<Set<RecordKind>> {
  const kinds = new Set<RecordKind>()
  for (const kind of ['parcel', 'enterprise'] as const) {
    if (user.isAdmin || (await holdsAnyPage(db, user.roleIds, AUDIT_PAGES[kind]))) kinds.add(kind)
  }
  return kinds
}
