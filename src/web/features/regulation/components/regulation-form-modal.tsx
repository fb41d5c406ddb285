/**
 * The modal form of every 整治提升 write (核查, 制定/编辑方案, 报告进展, 办结): the product's write form
 * ({@link WriteFormModal}) refreshing the 整治提升 lists on every answer.
 */
import type { z } from 'zod'
import { WriteFormModal, type WriteFormModalProps } from '../../../ui/write-form-modal'
import { REGULATION_KEY } from '../api/query-keys'

/** Props of {@link RegulationFormModal}: those of the write form but the lists it refreshes. */
export type RegulationFormModalProps<V extends object, S extends z.ZodType> = Omit<WriteFormModalProps<V, S>, 'refresh'>

/** A write's modal form. */
export function RegulationFormModal<V extends object, S extends z.ZodType>(props: RegulationFormModalProps<V, S>) {
  return <WriteFormModal<V, S> {...props} refresh={REGULATION_KEY} />
}
