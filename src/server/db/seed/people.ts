/** Menus from the route table, the demo roles and accounts of docs/api.md, and the first admin. */
import { ROUTES } from '../../../domain/route-table'
import { credentialsFor, generatePassword } from '../../auth/password'
import type { Db } from '../engine'

/** A demo account of docs/api.md. */
export interface DemoAccount {
  username: string
  password: string
  realName: string
  role: string
  /** Route prefixes whose leaf menus the role is granted; '*' = every menu. */
  grants: string[]
  /** Leaf routes left out of `grants` (the 审定 pages a clerk's role does not hold). */
  except?: string[]
  /** The account's region (its data scope); the province when not given. */
  regionCode?: string
}

/** The data-centre pages a 业务员 works on (the provincial and the county clerk alike). */
const CLERK_PAGES = [
  '/system/data/center/sjcj',
  '/system/data/center/sjcl',
  '/system/data/center/input',
  '/system/data/center/gyydInput',
  '/system/data/center/yddwInput',
  '/system/data/center/foundGyyd',
  '/system/data/center/foundYddw',
]

/** The pages of 土地科 (低效用地, 全生命周期, 盘活处置). */
const LAND_PAGES = ['/land', '/landLifeCycle', '/system/stock']
/** The 审定 pages (issue 28): held by the 科长 roles, not by the clerks who prepare what they decide. */
export const APPRAISE_APPROVE_PAGE = '/enterprise/appraise/approve'
export const LAND_APPROVE_PAGE = '/land/approve'

/** docs/api.md "Demo accounts" — embedded default only. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'admin', password: 'Admin@2026', realName: '系统管理员', role: '超级管理员', grants: ['*'] },
  {
    username: 'leader',
    password: 'Leader@2026',
    realName: '王领导',
    role: '领导',
    grants: ['/bigData', '/h5', '/system/3DMap', '/system/decision', '/system/function/monitor', '/landLifeCycle/allLifeCycle'],
  },
  { username: 'clerk', password: 'Clerk@2026', realName: '李业务', role: '业务员', grants: CLERK_PAGES },
  { username: 'county', password: 'County@2026', realName: '周区县', role: '业务员', grants: CLERK_PAGES, regionCode: '330102' },
  {
    username: 'auditor',
    password: 'Auditor@2026',
    realName: '张审核',
    role: '审核员',
    grants: ['/system/audit', '/warehouse/data/center'],
  },
  { username: 'land', password: 'Land@2026', realName: '陈土地', role: '土地科', grants: LAND_PAGES, except: [LAND_APPROVE_PAGE] },
  // 土地科长: the land 审定 grant (issue 28) — approves the 盘活方案 and 处置决定 that 土地科 prepares
  { username: 'landlead', password: 'Landlead@2026', realName: '郑土地科长', role: '土地科长', grants: LAND_PAGES },
  {
    username: 'plan',
    password: 'Plan@2026',
    realName: '吴规划',
    role: '规划科',
    grants: ['/system/statisticalReport', '/system/IndustryMap', '/system/core'],
  },
  { username: 'econ', password: 'Econ@2026', realName: '孙经信', role: '经信科', grants: ['/enterprise'], except: [APPRAISE_APPROVE_PAGE] },
  // 经信科长: the 亩均 审定 grant (issue 28) — publishes batches and approves models and norms that 经信科 prepares
  { username: 'econlead', password: 'Econlead@2026', realName: '钱经信科长', role: '经信科长', grants: ['/enterprise'] },
  { username: 'ops', password: 'Ops@2026', realName: '赵运维', role: '运维', grants: ['/admin'] },
]

const ROLE_CODES: Record<string, string> = {
  超级管理员: 'SUPER_ADMIN',
  领导: 'LEADER',
  业务员: 'CLERK',
  审核员: 'AUDITOR',
  土地科: 'LAND',
  规划科: 'PLANNING',
  经信科: 'ECONOMY',
  经信科长: 'ECONOMY_LEAD',
  土地科长: 'LAND_LEAD',
  运维: 'OPS',
}

/**
 * Makes the menu table hold every granted route of the route table (docs/product.md §2, §6), parents
 * first. Runs on every start so that a new route appears as a menu; names and order follow the
 * table unless an admin changed them (`customized`), a menu an admin removed (`deleted`) stays
 * removed, existing grants stay.
 */
export async function syncMenus(db: Db): Promise<number> {
  const routes = ROUTES.filter((r) => r.group && r.guard === 'grant')
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>()
    for (const r of routes) {
      const parentId = r.parent ? (ids.get(r.parent) ?? -1) : -1
      const res = await tx.query<{ id: number }>(
        `INSERT INTO menu(parent_id, name, menu_route, menu_group, sort) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (menu_route) DO UPDATE SET parent_id = EXCLUDED.parent_id, menu_group = EXCLUDED.menu_group,
           name = CASE WHEN menu.customized THEN menu.name ELSE EXCLUDED.name END,
           sort = CASE WHEN menu.customized THEN menu.sort ELSE EXCLUDED.sort END
         RETURNING id`,
        [parentId, r.title, r.path, r.group, r.sort],
      )
      ids.set(r.path, res.rows[0].id)
    }
    return ids.size
  })
}

async function createRole(tx: Db, name: string, grants: string[], except: string[] = []): Promise<number> {
  const role = await tx.query<{ id: number }>(
    'INSERT INTO role(name, code, remark) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET code = EXCLUDED.code RETURNING id',
    [name, ROLE_CODES[name] ?? name, `${name}（初始化）`],
  )
  const roleId = role.rows[0].id
  // grants cover leaves only: a parent menu is shown because a child is granted (permission rule h)
  await tx.query(
    `INSERT INTO role_menu(role_id, menu_id)
     SELECT $1, m.id FROM menu m
     WHERE NOT EXISTS (SELECT 1 FROM menu c WHERE c.parent_id = m.id)
       AND ($2::text[] = ARRAY['*'] OR EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE m.menu_route = p OR m.menu_route LIKE p || '/%'))
       AND m.menu_route <> ALL($3::text[])
     ON CONFLICT DO NOTHING`,
    [roleId, grants, except],
  )
  return roleId
}

async function createUser(
  tx: Db,
  u: { username: string; password: string; realName: string; regionCode: string; organizationId: number | null; mustChange: boolean },
): Promise<number> {
  const { salt, passwordHash } = await credentialsFor(u.password)
  const r = await tx.query<{ id: number }>(
    `INSERT INTO app_user(username, real_name, salt, password_hash, region_code, organization_id, must_change_password)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [u.username, u.realName, salt, passwordHash, u.regionCode, u.organizationId, u.mustChange],
  )
  // the first password is the first of the history (the last 5 may not come back)
  await tx.query('INSERT INTO password_history(user_id, salt, password_hash) VALUES ($1, $2, $3)', [r.rows[0].id, salt, passwordHash])
  return r.rows[0].id
}

async function seedOrganizations(tx: Db): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO organization(name, parent_id, region_code, sort) VALUES ('浙江省自然资源厅', -1, '330000', 1) RETURNING id`,
  )
  const top = r.rows[0].id
  await tx.query(
    `INSERT INTO organization(name, parent_id, region_code, sort) VALUES
       ('国土空间规划局', $1, '330000', 1), ('自然资源开发利用处', $1, '330000', 2), ('信息中心', $1, '330000', 3)`,
    [top],
  )
  return top
}

/** The demo roles and accounts of docs/api.md (embedded default). */
export async function seedDemoPeople(db: Db): Promise<DemoAccount[]> {
  await db.transaction(async (tx) => {
    const orgId = await seedOrganizations(tx)
    for (const a of DEMO_ACCOUNTS) {
      const roleId = await createRole(tx, a.role, a.grants, a.except)
      const userId = await createUser(tx, { ...a, regionCode: a.regionCode ?? '330000', organizationId: orgId, mustChange: false })
      await tx.query('INSERT INTO user_role(user_id, role_id) VALUES ($1, $2)', [userId, roleId])
    }
  })
  return DEMO_ACCOUNTS
}

/**
 * A real deployment (DATABASE_URL): one `admin` with a one-time password that is printed once and
 * must be changed at the first sign-in (docs/api.md "Demo accounts").
 */
export async function seedFirstAdmin(db: Db): Promise<{ username: string; password: string }> {
  const password = generatePassword()
  await db.transaction(async (tx) => {
    const orgId = await seedOrganizations(tx)
    const roleId = await createRole(tx, '超级管理员', ['*'])
    const userId = await createUser(tx, {
      username: 'admin',
      password,
      realName: '系统管理员',
      regionCode: '330000',
      organizationId: orgId,
      mustChange: true,
    })
    await tx.query('INSERT INTO user_role(user_id, role_id) VALUES ($1, $2)', [userId, roleId])
  })
  return { username: 'admin', password }
}
