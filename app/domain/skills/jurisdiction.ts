// Where a case is, from its notes: currencies, regulators and place names each point to a
// jurisdiction; the one most pointed to wins. With none in the notes, the learner's region decides.
// "What the sources say" then quotes only that jurisdiction's sources (and general ones).

export const CASE_PLACES = ["sg", "my", "th", "ca", "vn", "id", "ph", "us"] as const;
export type CasePlace = (typeof CASE_PLACES)[number];

const CUES: Record<CasePlace, RegExp> = {
  sg: /\[SG_NRIC|SGD|S\$|新币|新元|\bMAS\b|STRO|Monetary Authority of Singapore|ACRA|Singapore|Ang Mo Kio|Jurong|Tampines|Orchard Road|Raffles Place|Bedok|新加坡|สิงคโปร์|சிங்கப்பூர்/gu,
  my: /\[MY_MYKAD|MYR|\bRM\s?\d|ringgit|马币|\bBNM\b|Bank Negara|PDRM|\bSSM\b|Malaysia|Kuala Lumpur|Selangor|Johor|Penang|Pulau Pinang|Petaling Jaya|Labuan|Kelantan|马来西亚|吉隆坡|มาเลเซีย|மலேசியா/gu,
  th: /\[TH_ID|THB|baht|บาท|฿|泰铢|AMLO|ปปง|ธนาคารแห่งประเทศไทย|Bank of Thailand|Thailand|Bangkok|Pattaya|Hat Yai|Chiang Mai|กรุงเทพ|泰国|ประเทศไทย|தாய்லாந்து/gu,
  ca: /\[CA_SIN|CAD|C\$|\$\s?CA|加币|FINTRAC|CANAFE|\bCRA\b|Canada Revenue|Canada|Toronto|Vancouver|Ottawa|Montréal|Montreal|Québec|Quebec|Ontario|Calgary|Laval|Interac|\bSIN\b|\bNAS\b|加拿大|\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/gu,
  vn: /VND|VNĐ|đồng|₫|越南盾|\bSBV\b|Ngân hàng Nhà nước|Cục Phòng, chống rửa tiền|Việt Nam|Vietnam|Hà Nội|Hanoi|Hồ Chí Minh|Ho Chi Minh|Đà Nẵng|越南/gu,
  id: /\[ID_NIK|IDR|\bRp\s?\d|PPATK|\bOJK\b|Indonesia|Jakarta/gu,
  ph: /\bPHP\s?\d|\bAMLC\b|Bangko Sentral|Philippines|Manila|Makati/gu,
  us: /\bUSD\b(?=[^.]*\b(?:FinCEN|United States)\b)|FinCEN|United States|New York/gu,
};

export interface CaseJurisdiction {
  place: CasePlace;
  /** Whether the notes said it (else it is the learner's region). */
  fromNotes: boolean;
  evidence: string[];
}

export function jurisdictionOf(text: string, region: CasePlace): CaseJurisdiction {
  let best: { place: CasePlace; score: number; evidence: string[] } | null = null;
  for (const place of CASE_PLACES) {
    const found = [...text.matchAll(CUES[place])].map((m) => m[0]);
    if (found.length && (!best || found.length > best.score)) {
      best = { place, score: found.length, evidence: [...new Set(found)] };
    }
  }
  return best
    ? { place: best.place, fromNotes: true, evidence: best.evidence.slice(0, 5) }
    : { place: region, fromNotes: false, evidence: [] };
}

export const PLACE_NAMES: Record<CasePlace, string> = {
  sg: "Singapore",
  my: "Malaysia",
  th: "Thailand",
  ca: "Canada",
  vn: "Vietnam",
  id: "Indonesia",
  ph: "the Philippines",
  us: "the United States",
};
