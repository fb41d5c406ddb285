/**
 * Nothing a user typed is lost without a question (issue 18, finding 9): a form marks itself as
 * holding unsaved changes; leaving the page (a link, the menu, the browser's back, closing the
 * tab), closing its drawer and switching its tab ask first. What was typed is also kept as a draft
 * for the browser session (`useSessionDraft`), so coming back finds it again.
 */
import { App } from 'antd'
import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { create } from 'zustand'

interface UnsavedState {
  /** form key → holds unsaved changes */
  forms: Record<string, boolean>
  mark: (key: string, dirty: boolean) => void
  clear: () => void
}

const useUnsavedStore = create<UnsavedState>((set) => ({
  forms: {},
  mark: (key, dirty) => set((s) => (s.forms[key] === dirty ? s : { forms: { ...s.forms, [key]: dirty } })),
  clear: () => set({ forms: {} }),
}))

/** Whether some form on screen holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return Object.values(useUnsavedStore.getState().forms).some(Boolean)
}

/** Marks the form `key` as dirty or clean; unmounting clears its mark. */
export function useUnsavedMark(key: string, dirty: boolean): void {
  useEffect(() => {
    useUnsavedStore.getState().mark(key, dirty)
  }, [key, dirty])
  useEffect(() => () => useUnsavedStore.getState().mark(key, false), [key])
}

const QUESTION = {
  title: '有未保存的修改',
  content: '本次填写还没有保存或提交。离开后表单会关闭，填写的内容在本次会话中保留为草稿，回到该表单时自动恢复。确定离开吗？',
  okText: '离开',
  cancelText: '继续填写',
}

/**
 * `confirmDiscard()` resolves true when nothing is unsaved or the user agrees to leave; for a
 * drawer's close, a tab switch or any action that would unmount a form.
 */
export function useConfirmDiscard(): () => Promise<boolean> {
  const { modal } = App.useApp()
  return () =>
    hasUnsavedChanges()
      ? new Promise<boolean>((resolve) => {
          modal.confirm({ ...QUESTION, onOk: () => resolve(true), onCancel: () => resolve(false) })
        })
      : Promise.resolve(true)
}

/** Pages the product itself sends the user to (sign-in after the session ends, the lock screen): never held. */
const FORCED = new Set(['/login', '/lock'])

/**
 * Mounted once in the app's frame: holds a navigation to another page while a form is dirty until
 * the user agrees, and asks the browser to confirm closing or reloading the tab.
 */
export function UnsavedChangesGuard() {
  const dirty = useUnsavedStore((s) => Object.values(s.forms).some(Boolean))
  const { modal } = App.useApp()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !FORCED.has(nextLocation.pathname),
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    modal.confirm({
      ...QUESTION,
      onOk: () => {
        useUnsavedStore.getState().clear()
        blocker.proceed()
      },
      onCancel: () => blocker.reset(),
    })
  }, [blocker, modal])
  useEffect(() => {
    if (!dirty) return
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // older browsers show the prompt only when a value is set
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])
  return null
}

const DRAFT_PREFIX = 'form-draft:'

/** The session's draft of a form, or null. */
export function readSessionDraft(key: string): Record<string, unknown> | null {
  try {
    const text = sessionStorage.getItem(DRAFT_PREFIX + key)
    return text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Keeps the form's values as the session's draft (null removes it). */
export function writeSessionDraft(key: string, values: Record<string, unknown> | null): void {
  try {
    if (values === null) sessionStorage.removeItem(DRAFT_PREFIX + key)
    else sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values))
  } catch {
    // storage full or refused: the question before leaving still protects the input
  }
}
