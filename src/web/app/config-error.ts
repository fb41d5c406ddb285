/**
 * The page shown when /config.json cannot be loaded or is invalid (or the app's code cannot be
 * fetched): plain DOM, so it works even when nothing else does.
 */

/** Replaces the container's content with a Chinese error page naming what went wrong. */
export function renderStartError(container: HTMLElement, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error)
  container.innerHTML = ''
  const page = document.createElement('div')
  page.setAttribute('role', 'alert')
  page.setAttribute('data-testid', 'config-error')
  page.style.cssText =
    'min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f3f8;font-family:"PingFang SC","Microsoft YaHei",sans-serif;padding:24px;box-sizing:border-box'
  const card = document.createElement('div')
  card.style.cssText =
    'max-width:640px;background:#fff;border-top:4px solid #c8161d;border-radius:6px;padding:32px;box-shadow:0 6px 24px rgba(0,0,0,.12)'
  const title = document.createElement('h1')
  title.textContent = '系统启动失败'
  title.style.cssText = 'margin:0 0 12px;font-size:22px;color:#1d4e9e'
  const lead = document.createElement('p')
  lead.textContent = '无法加载运行配置（/config.json），系统暂时无法使用。请联系系统管理员检查配置文件后刷新页面。'
  lead.style.cssText = 'margin:0 0 16px;color:#374151;line-height:1.7'
  const pre = document.createElement('pre')
  pre.textContent = detail
  pre.style.cssText = 'margin:0;padding:12px;background:#f7f7f9;border:1px solid #e5e7eb;white-space:pre-wrap;color:#991b1b;font-size:13px'
  card.append(title, lead, pre)
  page.append(card)
  container.append(page)
}
