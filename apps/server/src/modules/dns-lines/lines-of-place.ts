import {
  DNS_OVERSEAS_LINE,
  DNS_PROVINCE_LINES,
  type DNS_CARRIER_LINES,
  type DnsLine,
} from '@nimbus/contract';
import type { IpPlace } from '../../integrations/ip2region/ip2region';

type CarrierLine = (typeof DNS_CARRIER_LINES)[number];
type ProvinceLine = (typeof DNS_PROVINCE_LINES)[number];

/** The IP database's ISP words → carrier line (China Tietong is part of China Mobile). */
const CARRIER_WORDS: readonly [string, CarrierLine][] = [
  ['电信', 'telecom'],
  ['联通', 'unicom'],
  ['移动', 'mobile'],
  ['铁通', 'mobile'],
  ['教育网', 'edu'],
];

/** How the IP database begins each province's name ('广东省', '内蒙古', '北京'). */
const PROVINCE_WORDS: Readonly<Record<ProvinceLine, string>> = {
  'cn-bj': '北京', 'cn-tj': '天津', 'cn-he': '河北', 'cn-sx': '山西', 'cn-nm': '内蒙古',
  'cn-ln': '辽宁', 'cn-jl': '吉林', 'cn-hl': '黑龙江', 'cn-sh': '上海', 'cn-js': '江苏',
  'cn-zj': '浙江', 'cn-ah': '安徽', 'cn-fj': '福建', 'cn-jx': '江西', 'cn-sd': '山东',
  'cn-ha': '河南', 'cn-hb': '湖北', 'cn-hn': '湖南', 'cn-gd': '广东', 'cn-gx': '广西',
  'cn-hi': '海南', 'cn-cq': '重庆', 'cn-sc': '四川', 'cn-gz': '贵州', 'cn-yn': '云南',
  'cn-xz': '西藏', 'cn-sn': '陕西', 'cn-gs': '甘肃', 'cn-qh': '青海', 'cn-nx': '宁夏',
  'cn-xj': '新疆',
}; // prettier-ignore

const CHINA = '中国';

function provinceOf(place: IpPlace): ProvinceLine | null {
  if (place.country !== CHINA || !place.province) return null;
  return DNS_PROVINCE_LINES.find((line) => place.province.startsWith(PROVINCE_WORDS[line])) ?? null;
}

/** Carrier lines are mainland China's networks: a carrier's address abroad is 'overseas'. */
export function carrierLineOf(place: IpPlace): CarrierLine | null {
  if (place.country !== CHINA || (place.province && !provinceOf(place))) return null;
  return CARRIER_WORDS.find(([word]) => place.isp.includes(word))?.[1] ?? null;
}

/** A province of the mainland, or 'overseas' (Hong Kong, Macao and Taiwan too); null when unknown. */
export function regionLineOf(place: IpPlace): ProvinceLine | typeof DNS_OVERSEAS_LINE | null {
  if (!place.country) return null;
  if (place.country !== CHINA) return DNS_OVERSEAS_LINE;
  if (!place.province) return null;
  return provinceOf(place) ?? DNS_OVERSEAS_LINE;
}

/** The lines an IPv4 client of this place matches, in the order they are tried. */
export function linesOfPlace(place: IpPlace): DnsLine[] {
  const lines: DnsLine[] = [];
  const carrier = carrierLineOf(place);
  const region = regionLineOf(place);
  if (carrier) lines.push(carrier);
  if (region) lines.push(region);
  return [...lines, 'default'];
}
