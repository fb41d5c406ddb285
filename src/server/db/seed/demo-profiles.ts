/**
 * The tables behind the demo data: where Zhejiang's industry is, what it makes and how it
 * performs, and the words its enterprises are named with. Plausible, not statistics.
 */
import type { IndustryCode } from '../../../domain/codes/industry'

/**
 * How much industry a county carries relative to an average one (1). Urban cores, islands and
 * mountain counties carry little; the manufacturing belts around Hangzhou Bay and the
 * Wenzhou–Taizhou coast carry most.
 */
export const COUNTY_WEIGHT: Readonly<Record<string, number>> = Object.fromEntries(
  (
    [
      [
        2.2,
        [
          '330109',
          '330110',
          '330113',
          '330114',
          '330206',
          '330211',
          '330212',
          '330281',
          '330282',
          '330381',
          '330382',
          '330421',
          '330481',
          '330482',
          '330483',
          '330522',
          '330603',
          '330604',
          '330681',
          '330782',
          '330784',
          '331003',
          '331004',
          '331081',
          '331083',
        ],
      ],
      [
        1.5,
        ['330111', '330213', '330303', '330304', '330411', '330502', '330503', '330521', '330683', '330702', '330703', '330783', '331002'],
      ],
      [0.6, ['330127', '330822', '330824', '331121', '331123', '331124']],
      [
        0.45,
        ['330108', '330205', '330302', '330305', '330328', '330329', '330727', '330902', '330903', '330921', '331125', '331126', '331127'],
      ],
      [0.25, ['330102', '330105', '330106', '330203', '330922']],
    ] as const
  ).flatMap(([weight, codes]) => codes.map((code) => [code, weight] as const)),
)

/** 块状经济: a county's signature industries, drawn six times as often there. */
export const COUNTY_SPECIALTIES: Readonly<Record<string, readonly IndustryCode[]>> = {
  '330109': ['C17', 'C36', 'C34'],
  '330603': ['C17', 'C26'],
  '330782': ['C24', 'C18', 'C41'],
  '330784': ['C33', 'C34', 'C36'],
  '330282': ['C38', 'C34'],
  '330281': ['C29', 'C38', 'C40'],
  '330382': ['C38', 'C40'],
  '330381': ['C36', 'C19'],
  '330481': ['C19', 'C17'],
  '330483': ['C28', 'C17'],
  '330522': ['C38', 'C30'],
  '330681': ['C33', 'C17'],
  '330683': ['C38', 'C18'],
  '331081': ['C34', 'C36'],
  '331083': ['C34', 'C36'],
  '331003': ['C29', 'C27'],
  '330211': ['C26', 'C25'],
  '330206': ['C34', 'C36', 'C31'],
  '330604': ['C26', 'C27'],
  '330108': ['C39', 'C40'],
  '330114': ['C27', 'C39', 'C36'],
  '330523': ['C21'],
  '330503': ['C21', 'C38'],
  '331002': ['C27'],
  '330802': ['C26', 'C22'],
  '330302': ['C19', 'C18'],
  '330304': ['C19', 'C33'],
  '330702': ['C36', 'C38'],
  '330703': ['C36'],
  '330783': ['C39', 'C27'],
  '330482': ['C18', 'C39'],
  '330421': ['C39', 'C21'],
  '330110': ['C39', 'C35'],
  '330113': ['C18', 'C34'],
  '330212': ['C18', 'C38'],
}

/** National-level zones whose names and approval years are public; they get their real county. */
export const NATIONAL_PARKS: Readonly<Record<string, { name: string; category: string; year: number }>> = {
  '330114': { name: '杭州经济技术开发区', category: '经济技术开发区', year: 1993 },
  '330109': { name: '萧山经济技术开发区', category: '经济技术开发区', year: 2000 },
  '330108': { name: '杭州高新技术产业开发区', category: '高新技术产业开发区', year: 1991 },
  '330206': { name: '宁波经济技术开发区', category: '经济技术开发区', year: 1984 },
  '330211': { name: '宁波石化经济技术开发区', category: '经济技术开发区', year: 2010 },
  '330282': { name: '宁波杭州湾经济技术开发区', category: '经济技术开发区', year: 2014 },
  '330303': { name: '温州经济技术开发区', category: '经济技术开发区', year: 1992 },
  '330502': { name: '湖州经济技术开发区', category: '经济技术开发区', year: 2010 },
  '330521': { name: '莫干山高新技术产业开发区', category: '高新技术产业开发区', year: 2015 },
  '330411': { name: '嘉兴秀洲高新技术产业开发区', category: '高新技术产业开发区', year: 2015 },
  '330602': { name: '绍兴高新技术产业开发区', category: '高新技术产业开发区', year: 2010 },
  '330702': { name: '金华经济技术开发区', category: '经济技术开发区', year: 2010 },
  '330782': { name: '义乌经济技术开发区', category: '经济技术开发区', year: 2012 },
}

/** Kinds of generic park: a county's 1st is its 经济开发区, its 2nd a 高新技术产业园区, and so on. */
export const PARK_KINDS = [
  { suffix: '经济开发区', category: '经济开发区', level: '省级' },
  { suffix: '高新技术产业园区', category: '高新技术产业园区', level: '省级' },
  { suffix: '工业园区', category: '工业园区', level: '县级' },
  { suffix: '小微企业园', category: '小微企业园', level: '县级' },
  { suffix: '产业集聚区', category: '产业集聚区', level: '市级' },
] as const

/** Street names for 坐落 and addresses. */
export const ROADS = [
  '创业路',
  '工业大道',
  '科技路',
  '兴业路',
  '发展大道',
  '经一路',
  '经二路',
  '纬一路',
  '纬三路',
  '振兴路',
  '新兴路',
  '开发大道',
  '园区路',
  '明珠路',
  '东方大道',
  '智造大道',
  '创新路',
  '富民路',
  '滨海大道',
  '通港路',
]

/** 以东 / 以南 … in a parcel's 坐落. */
export const DIRECTIONS = ['东', '南', '西', '北'] as const

/** Supply years: slow in the mid-2000s, busiest 2013–2021, tapering as 标准地 and 存量 take over. */
export function supplyYearWeight(y: number): number {
  if (y <= 2007) return 1
  if (y <= 2012) return 1.4
  if (y <= 2021) return 1.6
  if (y <= 2024) return 1.2
  return 0.8
}

/** Divisions whose plants are usually 三类工业用地 (heavy pollution risk). */
export const HEAVY_INDUSTRIES = new Set<IndustryCode>(['C22', 'C25', 'C26', 'C28', 'C30', 'C31', 'C32', 'C42'])

/** Divisions whose plants are usually 一类工业用地 (little nuisance). */
export const LIGHT_INDUSTRIES = new Set<IndustryCode>(['C14', 'C15', 'C18', 'C21', 'C23', 'C24', 'C39', 'C40', 'C41'])

/** Base share of each division in Zhejiang's land-using manufacturing. */
export const INDUSTRY_WEIGHT: Readonly<Record<IndustryCode, number>> = {
  C13: 2,
  C14: 1.5,
  C15: 1,
  C16: 0.1,
  C17: 8,
  C18: 4,
  C19: 3,
  C20: 1.5,
  C21: 2,
  C22: 2,
  C23: 1,
  C24: 3,
  C25: 0.3,
  C26: 7,
  C27: 3,
  C28: 2,
  C29: 7,
  C30: 4,
  C31: 0.8,
  C32: 1.5,
  C33: 9,
  C34: 10,
  C35: 6,
  C36: 6,
  C37: 1,
  C38: 12,
  C39: 6,
  C40: 2,
  C41: 1,
  C42: 0.7,
  C43: 0.5,
}

/**
 * Per division: tax ÷ revenue, value added ÷ revenue, 亩均税收 factor, value added per tonne of
 * standard coal (万元), value added per tonne of emissions (万元), R&D ÷ revenue.
 */
export const INDUSTRY_PROFILE: Readonly<Record<IndustryCode, readonly [number, number, number, number, number, number]>> = {
  C13: [0.03, 0.18, 0.7, 6, 600, 0.008],
  C14: [0.05, 0.25, 0.9, 6, 500, 0.012],
  C15: [0.1, 0.3, 1.3, 8, 500, 0.01],
  C16: [0.45, 0.6, 8, 25, 2000, 0.005],
  C17: [0.03, 0.2, 0.6, 2.5, 150, 0.015],
  C18: [0.035, 0.22, 0.7, 12, 1200, 0.012],
  C19: [0.035, 0.22, 0.7, 12, 900, 0.012],
  C20: [0.03, 0.2, 0.6, 5, 400, 0.01],
  C21: [0.035, 0.22, 0.75, 10, 800, 0.015],
  C22: [0.035, 0.2, 0.8, 1.5, 120, 0.015],
  C23: [0.04, 0.25, 0.8, 10, 900, 0.015],
  C24: [0.035, 0.22, 0.75, 12, 1000, 0.015],
  C25: [0.05, 0.15, 1.5, 0.6, 80, 0.005],
  C26: [0.05, 0.22, 1.3, 1.2, 100, 0.025],
  C27: [0.08, 0.35, 1.6, 5, 400, 0.05],
  C28: [0.025, 0.15, 0.9, 1.5, 150, 0.02],
  C29: [0.035, 0.22, 0.85, 5, 500, 0.02],
  C30: [0.045, 0.25, 0.8, 0.8, 60, 0.015],
  C31: [0.025, 0.15, 1, 0.7, 50, 0.015],
  C32: [0.025, 0.12, 1, 1.5, 150, 0.015],
  C33: [0.035, 0.22, 0.8, 6, 600, 0.02],
  C34: [0.045, 0.25, 1, 10, 1200, 0.03],
  C35: [0.05, 0.27, 1.1, 12, 1500, 0.035],
  C36: [0.05, 0.22, 1.2, 9, 1200, 0.03],
  C37: [0.04, 0.22, 0.9, 9, 1000, 0.03],
  C38: [0.045, 0.23, 1.1, 12, 1500, 0.03],
  C39: [0.04, 0.22, 1.3, 14, 2000, 0.05],
  C40: [0.06, 0.32, 1.2, 18, 2500, 0.06],
  C41: [0.035, 0.22, 0.7, 10, 900, 0.01],
  C42: [0.03, 0.18, 0.6, 3, 200, 0.01],
  C43: [0.05, 0.3, 0.8, 10, 1000, 0.01],
}

/** Words a firm of each division puts after its 字号. */
export const INDUSTRY_WORDS: Readonly<Record<IndustryCode, readonly string[]>> = {
  C13: ['食品', '粮油', '饲料', '农产品'],
  C14: ['食品', '乳业', '调味品', '保健食品'],
  C15: ['酒业', '饮料', '茶业'],
  C16: ['卷烟'],
  C17: ['纺织', '印染', '织造', '家纺'],
  C18: ['服饰', '制衣', '针织', '领带'],
  C19: ['鞋业', '皮革', '制革', '羽绒'],
  C20: ['木业', '竹木', '竹业'],
  C21: ['家具', '家居', '办公家具'],
  C22: ['纸业', '包装材料', '特种纸'],
  C23: ['印刷', '印务', '包装印刷'],
  C24: ['文具', '工艺品', '体育用品', '玩具'],
  C25: ['石化', '能源', '燃料'],
  C26: ['化工', '新材料', '涂料', '精细化工'],
  C27: ['药业', '制药', '生物医药'],
  C28: ['化纤', '纤维', '合纤'],
  C29: ['塑业', '橡塑', '塑料制品', '橡胶'],
  C30: ['建材', '水泥', '玻璃', '陶瓷'],
  C31: ['钢铁', '特钢', '钢业'],
  C32: ['铜业', '铝业', '有色金属'],
  C33: ['五金', '金属制品', '标准件', '不锈钢'],
  C34: ['机械', '泵业', '阀门', '轴承', '机电'],
  C35: ['智能装备', '专用设备', '机械设备', '医疗器械'],
  C36: ['汽车部件', '汽配', '车业'],
  C37: ['船舶', '摩托车', '航空部件', '电动车'],
  C38: ['电器', '电气', '电机', '照明', '电缆'],
  C39: ['电子', '科技', '光电', '智能科技'],
  C40: ['仪表', '仪器', '计量'],
  C41: ['工艺制品', '日用品'],
  C42: ['再生资源', '环保科技', '资源利用'],
  C43: ['设备维修', '机电维修'],
}

/** Characters a 字号 (trade name) is made of. */
export const BRAND_CHARS = [
  ...'华恒新盛达宏泰鑫瑞丰海天金隆昌永兴源宇德信诚通远力创嘉博正中东元顺康明光星腾凯成立安富佳联合科锦荣欣奥美越航浩伟升万江汇',
]

/** Common surnames, Zhejiang's (楼, 应, 童, 俞 …) included. */
export const SURNAMES = [
  ...'王李张陈刘杨黄吴周徐孙朱胡林何郭马罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程魏苏吕丁任沈姚卢金汪方俞钱应楼章施童',
]

/** Characters of given names. */
export const GIVEN_CHARS = [...'建国伟明华军平强磊勇杰涛斌洪林海峰亮飞敏静丽芳燕红英霞玲娟琴慧雪晨浩宇轩志刚忠良新春秋云龙祥福寿德']

/** 长途区号 of Zhejiang's cities, for contact phones. */
export const AREA_CODES: Readonly<Record<string, string>> = {
  '330100': '0571',
  '330200': '0574',
  '330300': '0577',
  '330400': '0573',
  '330500': '0572',
  '330600': '0575',
  '330700': '0579',
  '330800': '0570',
  '330900': '0580',
  '331000': '0576',
  '331100': '0578',
}
