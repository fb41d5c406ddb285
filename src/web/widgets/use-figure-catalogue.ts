/** 指标口径 GET /api/figures/catalogue: every figure's name, unit, digits and 口径, for the 口径说明 drawer. */
import { useQuery } from '@tanstack/react-query'
import type { CatalogueEntry } from '../../domain/figures/listing'
import { apiGet } from '../core/api'

/** The figures catalogue as the server answers it. */
export const getFigureCatalogue = () => apiGet<CatalogueEntry[]>('/api/figures/catalogue')

/** react-query hook of {@link getFigureCatalogue}: the catalogue changes only with a release. */
export const useFigureCatalogue = (enabled = true) =>
  useQuery({ queryKey: ['figure-catalogue'], queryFn: getFigureCatalogue, staleTime: Infinity, enabled })
