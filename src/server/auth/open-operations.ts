/**
 * The operations any signed-in user may call without a page grant (issue 18 finding 6). Every other
 * operation that is not public names the pages that use it (`config.pages`); one that names none and
 * is not on this list answers 403 to everyone but admin, so a new operation is closed until it says
 * who may use it. Each entry gives its reason; the access-matrix test fails on an operation that is
 * neither on this list nor granted by pages.
 */

/** `METHOD /path` of an open operation → why every signed-in user needs it. */
export const OPEN_OPERATIONS: Readonly<Record<string, string>> = {
  'GET /api/user/current': '本人信息：每个页面的页头和登录后的跳转都要读当前用户',
  'POST /api/role/query/role/menuMutil': '本人菜单：导航按本人角色的菜单生成（只能读本人角色的菜单）',
  'POST /api/user/update/password': '修改本人密码：初始密码和过期密码必须能改',
  'POST /api/login/logout': '退出登录：结束本人的会话',
  'POST /api/login/verify': '会话校验：锁屏解锁时核对本人密码',
}

/** Whether a method and route path is an open operation (HEAD goes with its GET). */
export function isOpenOperation(method: string, url: string): boolean {
  return `${method === 'HEAD' ? 'GET' : method} ${url}` in OPEN_OPERATIONS
}
