/**
 * The ONE route table (docs/product.md §2). The router, the side menu, breadcrumbs, the permission check and
 * the server's menu seed are all generated from it. Pages are named by `page` keys that the web
 * app maps to lazy components, so this file stays pure data shared by web and server.
 */

/** The six menu groups of docs/product.md §6, in landing order. */
export const MENU_GROUPS = ['systemMenus', 'busMenus', 'bigDataMenus', 'DataMenus', 'landMenus', 'landLifeCycle'] as const
export type MenuGroup = (typeof MENU_GROUPS)[number]

/** 菜单组中文名 */
export const MENU_GROUP_TITLES: Record<MenuGroup, string> = {
  systemMenus: '系统平台',
  busMenus: '业务平台',
  bigDataMenus: '大数据',
  DataMenus: '数据中心',
  landMenus: '土地',
  landLifeCycle: '全生命周期',
}

/** Which frame a page is drawn in. */
export type Layout = 'system' | 'admin' | 'screen' | 'bare'

/**
 * Who may open a page (docs/product.md §5, §6):
 * open — always open; token — any signed-in user; grant — a menu grant of the user's roles;
 * visual — any signed-in user (docs/product.md §6 exception); show — only from the portal host.
 */
export type Guard = 'open' | 'token' | 'grant' | 'visual' | 'show'

/** One node of the table as written below. */
export interface RouteNode {
  /** One path segment (or several joined by '/'), relative to the parent. */
  seg: string
  title: string
  /**
   * Default child (docs/product.md §2 "opens on …"): a segment below this node, or an absolute path
   * when the default page lives elsewhere (/systems opens /system/IndustryMap/Dkxx).
   */
  redirect?: string
  page?: string
  children?: RouteNode[]
}

/** One route with everything resolved: absolute path, inherited group, layout and guard. */
export interface RouteEntry {
  path: string
  title: string
  group: MenuGroup | null
  layout: Layout
  guard: Guard
  /** Absolute path of the default child, when the spec names one. */
  redirect?: string
  /**
   * Page key; entries that only redirect have none. Feature pages use their canonical path
   * ({@link pageKeyOf}); a key with no registered component shows the 该功能建设中 placeholder.
   */
  page?: string
  parent?: string
  /** Titles from the top-level section down to this route (breadcrumbs). */
  trail: string[]
  /** Menu sort order inside the parent (position in this table). */
  sort: number
}

/** A page whose key is its canonical path (see {@link pageKeyOf}). */
const leaf = (seg: string, title: string): RouteNode => ({ seg, title, page: PAGE_BY_PATH })

/** Marker: the page key is the route's canonical path. */
const PAGE_BY_PATH = '<path>'

/**
 * The page key of a route drawn by a feature page: its path, with the second entry points of
 * docs/product.md §2 folded onto the first (/systems/… and /warehouse/data/center/… show the /system pages),
 * so that one registration serves every entry point.
 */
export function pageKeyOf(path: string): string {
  return path.replace(/^\/systems(?=\/)/, '/system').replace(/^\/warehouse(?=\/data\/center)/, '/system')
}

/** 数据中心 children: shared by /system, /systems and /warehouse (docs/product.md §2). */
const dataCenter = (): RouteNode => ({
  seg: 'data/center',
  title: '数据中心',
  redirect: 'input',
  children: [
    leaf('sjgf', '数据标准'),
    leaf('sjcj', '数据采集'),
    leaf('sjcl', '数据处理'),
    leaf('input', '地块更新'),
    leaf('gyydInput', '工业用地录入'),
    leaf('yddwInput', '用地单位录入'),
    leaf('foundGyyd', '地块认领'),
    leaf('foundYddw', '企业认领'),
  ],
})

/** Children shared by /system and /systems (docs/product.md §2). */
const systemChildren = (): RouteNode[] => [
  leaf('core', '资源云图'),
  leaf('stock', '盘活处置'),
  {
    seg: 'statisticalReport',
    title: '统计报表',
    redirect: 'area',
    children: [
      leaf('area', '区域统计'),
      leaf('industry', '行业统计'),
      leaf('yddw', '用地单位列表'),
      leaf('gyyd', '工业用地列表'),
      leaf('dxyd', '低效用地'),
    ],
  },
  {
    seg: 'IndustryMap',
    title: '产业地图',
    redirect: 'Dkxx',
    children: [
      leaf('Dkxx', '地块信息'),
      leaf('Yddw', '用地单位信息'),
      leaf('LandGroup', '地块分组管理'),
      leaf('CompanyGroup', '企业分组管理'),
    ],
  },
  {
    seg: 'decision',
    title: '决策分析',
    redirect: 'qyzb',
    children: [leaf('qyzb', '区域指标'), leaf('zbhy', '行业指标'), leaf('zbqy', '企业指标'), leaf('zbqs', '指标趋势')],
  },
  {
    seg: 'function/monitor',
    title: '运行监测',
    redirect: 'Qymonitor',
    children: [leaf('Qymonitor', '企业监测'), leaf('Hymonitor', '行业监测')],
  },
  dataCenter(),
  {
    seg: 'audit',
    title: '审核管理',
    redirect: 'gyyd',
    children: [leaf('gyyd', '地块审核'), leaf('yddw', '企业审核')],
  },
  leaf('3DMap', '三维地图'),
]

interface TopNode extends RouteNode {
  group: MenuGroup | null
  layout: Layout
  guard: Guard
}

/** docs/product.md §2, top to bottom. */
export const ROUTE_TREE: TopNode[] = [
  { seg: '', title: '登录', page: 'login', group: null, layout: 'bare', guard: 'open' },
  { seg: 'login', title: '登录', page: 'login', group: null, layout: 'bare', guard: 'open' },
  { seg: 'main', title: '平台门户', page: 'main', group: null, layout: 'bare', guard: 'token' },
  { seg: 'show', title: '改革门户', page: PAGE_BY_PATH, group: null, layout: 'screen', guard: 'show' },
  { seg: 'visual', title: '全省总览', page: PAGE_BY_PATH, group: null, layout: 'screen', guard: 'visual' },
  // a sign-in page for the wall must itself be reachable without a token
  { seg: 'visualLogin', title: '大屏登录', page: PAGE_BY_PATH, group: null, layout: 'bare', guard: 'open' },
  { seg: 'h5', title: '移动端概览', page: PAGE_BY_PATH, group: 'bigDataMenus', layout: 'bare', guard: 'grant' },
  { seg: 'lock', title: '锁屏', page: 'lock', group: null, layout: 'bare', guard: 'token' },
  { seg: '403', title: '无权访问', page: 'forbidden', group: null, layout: 'bare', guard: 'open' },
  { seg: '404', title: '页面不存在', page: 'not-found', group: null, layout: 'bare', guard: 'token' },
  {
    seg: 'system',
    title: '系统平台',
    redirect: 'core',
    children: systemChildren(),
    group: 'systemMenus',
    layout: 'system',
    guard: 'grant',
  },
  // /systems opens on 地块信息 at /system/IndustryMap/Dkxx (docs/product.md §2, docs/domain.md)
  {
    seg: 'systems',
    title: '系统平台（地块入口）',
    redirect: '/system/IndustryMap/Dkxx',
    children: systemChildren(),
    group: 'systemMenus',
    layout: 'system',
    guard: 'grant',
  },
  {
    seg: 'warehouse',
    title: '数据仓库',
    redirect: 'data/center',
    children: [dataCenter()],
    group: 'DataMenus',
    layout: 'system',
    guard: 'grant',
  },
  {
    seg: 'bigData',
    title: '大数据',
    redirect: 'classify',
    children: [
      leaf('classify', '分类统计'),
      leaf('district', '区县分析'),
      leaf('platform', '平台分析'),
      leaf('city', '城市分析'),
      leaf('park', '园区分析'),
    ],
    group: 'bigDataMenus',
    layout: 'screen',
    guard: 'grant',
  },
  {
    seg: 'enterprise',
    title: '企业评价',
    redirect: 'appraise',
    group: 'busMenus',
    layout: 'system',
    guard: 'grant',
    children: [
      {
        seg: 'appraise',
        title: '亩均评价',
        redirect: 'monitoring',
        // 评价审定 (issue 28): the 审定 grant — who holds it publishes batches and approves model and norm changes
        children: [leaf('monitoring', '评价监测'), leaf('standard', '评价标准'), leaf('result', '评价结果'), leaf('approve', '评价审定')],
      },
      {
        seg: 'regulation',
        title: '整治提升',
        redirect: 'abstract',
        children: [leaf('abstract', '整治概况'), leaf('check', '整治核查'), leaf('plan', '整治方案'), leaf('regulatory', '整治监管')],
      },
    ],
  },
  {
    seg: 'land',
    title: '低效用地',
    redirect: 'evaluation',
    group: 'landMenus',
    layout: 'system',
    guard: 'grant',
    children: [
      {
        seg: 'evaluation',
        title: '低效认定',
        redirect: 'evaluationAbstract',
        children: [leaf('evaluationAbstract', '认定概况'), leaf('evaluationModal', '认定模型'), leaf('evaluationMap', '认定地图')],
      },
      {
        seg: 'revitalize',
        title: '盘活利用',
        redirect: 'revitalizeAbstract',
        children: [leaf('revitalizeAbstract', '盘活概况'), leaf('revitalizePlan', '盘活方案'), leaf('revitalizeRegulatory', '盘活监管')],
      },
      {
        seg: 'result',
        title: '盘活成效',
        redirect: 'resultAbstract',
        children: [leaf('resultAbstract', '成效概况'), leaf('resultMap', '成效地图')],
      },
      // 处置审定 (issue 28): the land 审定 grant — approves 盘活方案 and 闲置土地 处置决定 prepared by others
      leaf('approve', '处置审定'),
    ],
  },
  // 企业服务 (issue 28): what an enterprise account (企业账号) sees of itself — its 亩均评价 in 公示, its 异议
  {
    seg: 'company',
    title: '企业服务',
    redirect: 'appraise',
    group: 'busMenus',
    layout: 'system',
    guard: 'grant',
    children: [leaf('appraise', '本企业评价')],
  },
  {
    seg: 'admin',
    title: '系统管理',
    redirect: 'setting',
    group: 'systemMenus',
    layout: 'admin',
    guard: 'grant',
    children: [
      {
        seg: 'setting',
        title: '系统设置',
        redirect: 'user',
        children: [
          leaf('dict', '字典管理'),
          leaf('dictitem', '字典项管理'),
          leaf('user', '用户管理'),
          leaf('role', '角色管理'),
          leaf('region', '行政区划'),
          leaf('resource', '菜单资源'),
          leaf('organization', '组织机构'),
          leaf('regionrecoup', '区域标准'),
          leaf('device', '设备注册'),
          leaf('app', '应用管理'),
          leaf('rz', '操作日志'),
          // not in docs/product.md §2: where an administrator looks for the layers of docs/product.md §3 (ADR 0011)
          leaf('mapLayer', '地图图层'),
          // 工作日历 (issue 28): holidays and 调休 days, the 公示期 and the 听证 deadline in working days
          leaf('calendar', '工作日历'),
        ],
      },
    ],
  },
  {
    seg: 'landLifeCycle',
    title: '全生命周期',
    redirect: 'allLifeCycle',
    group: 'landLifeCycle',
    layout: 'system',
    guard: 'grant',
    children: [
      {
        seg: 'projectManager',
        title: '项目管理',
        redirect: 'xmqy',
        children: [
          leaf('xmqy', '项目签约'),
          leaf('tdgy', '土地供应'),
          leaf('xmkg', '项目开工'),
          leaf('sgjs', '施工建设'),
          leaf('jgys', '竣工验收'),
          leaf('xmtc', '项目投产'),
          leaf('xmpj', '项目评价'),
        ],
      },
      leaf('allLifeCycle', '全生命周期总览'),
      leaf('onebook', '一本账'),
    ],
  },
]

function flatten(): RouteEntry[] {
  const out: RouteEntry[] = []
  const walk = (node: RouteNode, top: TopNode, parent: RouteEntry | null, sort: number) => {
    const path = parent ? `${parent.path === '/' ? '' : parent.path}/${node.seg}` : `/${node.seg}`
    const entry: RouteEntry = {
      path,
      title: node.title,
      group: top.group,
      layout: top.layout,
      guard: top.guard,
      redirect: node.redirect ? (node.redirect.startsWith('/') ? node.redirect : `${path}/${node.redirect}`) : undefined,
      page: node.page === PAGE_BY_PATH ? pageKeyOf(path) : node.page,
      parent: parent?.path,
      trail: [...(parent?.trail ?? []), node.title],
      sort,
    }
    out.push(entry)
    node.children?.forEach((child, i) => walk(child, top, entry, i + 1))
  }
  ROUTE_TREE.forEach((top, i) => walk(top, top, null, i + 1))
  return out
}

/** Every route, parents before children. */
export const ROUTES: readonly RouteEntry[] = flatten()

const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]))

/** The table entry for an exact path, if any. */
export function findRoute(path: string): RouteEntry | undefined {
  return BY_PATH.get(normalizePath(path))
}

/** Strips a trailing slash (but keeps '/'). */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] || '/'
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p
}

/** Follows default-child redirects (docs/product.md §2) to the page that is finally shown. */
export function resolveRedirects(path: string): string {
  let current = normalizePath(path)
  for (let i = 0; i < 10; i++) {
    const r = BY_PATH.get(current)
    if (!r?.redirect) return current
    current = r.redirect
  }
  return current
}

/** Direct children of a route, in table order. */
export function childRoutes(path: string): RouteEntry[] {
  return ROUTES.filter((r) => r.parent === path)
}
