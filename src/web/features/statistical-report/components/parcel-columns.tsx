/** The first columns of a parcel in 工业用地列表 and 低效用地: code, name, 地类, status, area and the building figures. */
import type { TableColumnsType } from 'antd'
import type { ParcelReportRow } from '../../../../domain/contracts/statistical-report'
import { formatAmount, formatRatio } from './report-format'
import { unitTitle } from './report-table'
import { ParcelStatusTag } from './report-tags'

/** The parcel columns; `sortable(key)` gives a server-sorted column its sorter props. */
export function parcelColumns<T extends ParcelReportRow>(sortable: (key: string) => object): TableColumnsType<T> {
  return [
    { title: '宗地代码', dataIndex: 'landCode', ...sortable('landCode'), width: 190, fixed: 'left' },
    { title: '地块名称', dataIndex: 'name', ...sortable('name'), width: 190, ellipsis: true },
    { title: '地类', dataIndex: 'landUseName', width: 84, render: (name: string | null, r) => name ?? r.landUseCode },
    { title: '状态', dataIndex: 'status', width: 84, render: (s: string) => <ParcelStatusTag status={s} /> },
    { title: unitTitle('面积', '亩'), dataIndex: 'areaMu', ...sortable('areaMu'), width: 96, align: 'right', render: formatAmount },
    { title: '容积率', dataIndex: 'plotRatio', width: 80, align: 'right', render: formatRatio },
    { title: unitTitle('建筑密度', '%'), dataIndex: 'buildingDensity', width: 84, align: 'right', render: formatRatio },
  ]
}
