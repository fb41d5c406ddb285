/**
 * The modal form of the small 盘活 writes (认定, 复核剔除, 报告进度, 督办, 回复, 办结): the product's write
 * form ({@link WriteFormModal}) refreshing the 盘活 lists on every answer.
 */
import type { z } from 'zod'
import { WriteFormModal, type WriteFormModalProps } from '../../../ui/write-form-modal'
import { REVITALIZE_KEY } from '../api/query-keys'

/** Props of {@link RevitalizeFormModal}: those of the write form but the lists it refreshes. */
export type RevitalizeFormModalProps<V extends object, S extends z.ZodType> = Omit<WriteFormModalProps<V, S>, 'refresh'>

/** A write's modal form. */
export function RevitalizeFormModal<V extends object, S extends z.ZodType>(props: RevitalizeFormModalProps<V, S>) {
  return <WriteFormModal<V, S> {...props} refresh={REVITALIZE_KEY} />
}
