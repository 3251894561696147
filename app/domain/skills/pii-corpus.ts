// Case-note sentences for measuring the PII scrubber. Every person is invented; emails use reserved
// example domains, phones the fictional 555-01xx range or unassigned-looking subscriber numbers,
// cards the schemes' published test numbers, IBANs the registry's examples, IPs the documentation
// ranges, and national IDs were generated with a correct checksum.
import type { PiiType } from "./pii";

export interface PositiveSample {
  text: string;
  // Each personal item in the text, by type and as written.
  items: readonly (readonly [PiiType, string])[];
}

export const POSITIVES: readonly PositiveSample[] = [
  // Email
  {
    text: "Customer Lim Wei Ling (lim.weiling@example.com) disputed the charge on 15/03/2024.",
    items: [["EMAIL", "lim.weiling@example.com"]],
  },
  {
    text: "Forwarded the complaint from ahmad.razak+alerts@example.org to the MLRO for review.",
    items: [["EMAIL", "ahmad.razak+alerts@example.org"]],
  },
  {
    text: "Escalation contact: compliance-desk@mail.example.co.uk; cc kestrel.audit@example.net.",
    items: [
      ["EMAIL", "compliance-desk@mail.example.co.uk"],
      ["EMAIL", "kestrel.audit@example.net"],
    ],
  },
  {
    text: "ลูกค้าติดต่อทางอีเมล somchai.k@example.co.th เมื่อวันที่ 15 มีนาคม 2567",
    items: [["EMAIL", "somchai.k@example.co.th"]],
  },
  {
    text: "客户张伟的邮箱是zhang.wei@example.com，请勿外传。",
    items: [["EMAIL", "zhang.wei@example.com"]],
  },
  {
    text: "Email on file: NGUYEN.VAN.AN@EXAMPLE.VN (verified 2024-02-01).",
    items: [["EMAIL", "NGUYEN.VAN.AN@EXAMPLE.VN"]],
  },
  {
    text: "Khách hàng gửi email từ tran.thi.binh@example.vn lúc 09:30 ngày 15/03/2024.",
    items: [["EMAIL", "tran.thi.binh@example.vn"]],
  },

  // Phone: Singapore
  {
    text: "Ms Tan called from 9123 4567 at 10:15 to confirm the SGD 15,000 transfer.",
    items: [["PHONE", "9123 4567"]],
  },
  {
    text: "Her office line is +65 6123 4567, extension not given.",
    items: [["PHONE", "+65 6123 4567"]],
  },
  {
    text: "Reach Mr Goh on +6598765432 after hours.",
    items: [["PHONE", "+6598765432"]],
  },
  // Phone: Malaysia
  {
    text: "The subject's mobile 012-345 6789 was linked to three mule accounts.",
    items: [["PHONE", "012-345 6789"]],
  },
  {
    text: "Call the Kuala Lumpur branch at +60 3-2161 2345 about the RM 50,000.00 deposit.",
    items: [["PHONE", "+60 3-2161 2345"]],
  },
  {
    text: "Encik Razak's landline 03-2161 2345 went unanswered twice.",
    items: [["PHONE", "03-2161 2345"]],
  },
  // Phone: Thailand
  {
    text: "Khun Somchai gave 081 234 5678 as his contact number.",
    items: [["PHONE", "081 234 5678"]],
  },
  {
    text: "The Bangkok office (+66 2 123 4567) confirmed the THB 1,500,000 payment.",
    items: [["PHONE", "+66 2 123 4567"]],
  },
  // Phone: Indonesia
  {
    text: "Pak Budi's WhatsApp 0812-3456-7890 received the one-time password.",
    items: [["PHONE", "0812-3456-7890"]],
  },
  {
    text: "Jakarta desk: +62 21 5555 1234; Rp 15.000.000 was withdrawn the same day.",
    items: [["PHONE", "+62 21 5555 1234"]],
  },
  // Phone: Philippines
  {
    text: "Ms Santos (0917 123 4567) reported the phishing SMS on 2 April.",
    items: [["PHONE", "0917 123 4567"]],
  },
  {
    text: "Makati branch hotline +63 2 8123 4567 logged the complaint.",
    items: [["PHONE", "+63 2 8123 4567"]],
  },
  // Phone: Vietnam
  {
    text: "Anh Minh's number 0912 345 678 was used to open the e-wallet.",
    items: [["PHONE", "0912 345 678"]],
  },
  {
    text: "Ho Chi Minh City office: +84 28 3823 4567.",
    items: [["PHONE", "+84 28 3823 4567"]],
  },
  // Phone: Canada and United States
  {
    text: "The Toronto client left (416) 555-0199 as a callback number.",
    items: [["PHONE", "(416) 555-0199"]],
  },
  {
    text: "Vancouver contact +1 604 555 0142 asked about the wire.",
    items: [["PHONE", "+1 604 555 0142"]],
  },
  {
    text: "Wire beneficiary phone: (212) 555-0147.",
    items: [["PHONE", "(212) 555-0147"]],
  },
  {
    text: "The New York desk can be reached at 646-555-0123 until 17:00.",
    items: [["PHONE", "646-555-0123"]],
  },

  // Payment cards
  {
    text: "Card 4111 1111 1111 1111 was used for 14 purchases under SGD 500.",
    items: [["CARD", "4111 1111 1111 1111"]],
  },
  {
    text: "Chargeback raised on 5555-5555-5555-4444 for RM 2,300.00.",
    items: [["CARD", "5555-5555-5555-4444"]],
  },
  {
    text: "The Amex 3782 822463 10005 was reported stolen on 03/04/2024.",
    items: [["CARD", "3782 822463 10005"]],
  },
  {
    text: "Merchant logs show PAN 4012888888881881 in clear text.",
    items: [["CARD", "4012888888881881"]],
  },
  {
    text: "JCB card 3530 1113 3330 0000 and Discover 6011 1111 1111 1117 were both blocked.",
    items: [
      ["CARD", "3530 1113 3330 0000"],
      ["CARD", "6011 1111 1111 1117"],
    ],
  },
  {
    text: "Mastercard ending 8210 (full number 5200 8282 8282 8210) was reissued.",
    items: [["CARD", "5200 8282 8282 8210"]],
  },

  // IBAN
  {
    text: "Funds left GB82 WEST 1234 5698 7654 32 on 15/03/2024.",
    items: [["IBAN", "GB82 WEST 1234 5698 7654 32"]],
  },
  {
    text: "Beneficiary IBAN DE89 3704 0044 0532 0130 00, amount EUR 12,500.",
    items: [["IBAN", "DE89 3704 0044 0532 0130 00"]],
  },
  {
    text: "Incoming SEPA credit from NL91ABNA0417164300 flagged by the rule engine.",
    items: [["IBAN", "NL91ABNA0417164300"]],
  },
  {
    text: "Return the funds to FR14 2004 1010 0505 0001 3M02 606 within 5 days.",
    items: [["IBAN", "FR14 2004 1010 0505 0001 3M02 606"]],
  },
  {
    text: "The Swiss account CH93 0076 2011 6238 5295 7 belongs to a shell company.",
    items: [["IBAN", "CH93 0076 2011 6238 5295 7"]],
  },
  {
    text: "Payments to SA03 8000 0000 6080 1016 7519 and BE68539007547034 were held.",
    items: [
      ["IBAN", "SA03 8000 0000 6080 1016 7519"],
      ["IBAN", "BE68539007547034"],
    ],
  },

  // Singapore NRIC / FIN
  {
    text: "Applicant Lee Mei Hua, NRIC S1234567D, opened the account in 2019.",
    items: [["SG_NRIC", "S1234567D"]],
  },
  {
    text: "The director (S8837201H) also signs for two other companies.",
    items: [["SG_NRIC", "S8837201H"]],
  },
  {
    text: "Student pass holder with FIN F2245019X sent SGD 9,800 abroad.",
    items: [["SG_NRIC", "F2245019X"]],
  },
  {
    text: "Beneficial owners: T0312458J and G5530882P.",
    items: [
      ["SG_NRIC", "T0312458J"],
      ["SG_NRIC", "G5530882P"],
    ],
  },
  {
    text: "Work pass FIN M4412096P was matched to the sanctions alert (false positive).",
    items: [["SG_NRIC", "M4412096P"]],
  },

  // Malaysian MyKad
  {
    text: "Puan Aisyah's MyKad 880315-14-5678 was used to open the account.",
    items: [["MY_MYKAD", "880315-14-5678"]],
  },
  {
    text: "IC no. 920704-10-5123 appears on both loan applications.",
    items: [["MY_MYKAD", "920704-10-5123"]],
  },
  {
    text: "Guarantor IC 000229-08-1234, born on a leap day.",
    items: [["MY_MYKAD", "000229-08-1234"]],
  },
  {
    text: "The signatory's identity card 850101015566 expired in 2023.",
    items: [["MY_MYKAD", "850101015566"]],
  },
  {
    text: "Foreign-born holder 750812-71-3344 declared RM 120,000 in cash.",
    items: [["MY_MYKAD", "750812-71-3344"]],
  },

  // Canadian SIN
  {
    text: "The Canadian client's SIN 722 043 189 was on the onboarding form.",
    items: [["CA_SIN", "722 043 189"]],
  },
  {
    text: "SIN 130-456-783 was supplied for the tax residency self-certification.",
    items: [["CA_SIN", "130-456-783"]],
  },
  {
    text: "Social insurance number: 271935488.",
    items: [["CA_SIN", "271935488"]],
  },
  {
    text: "Two SINs were provided (523 409 878 and 610-233-843), neither matches the name.",
    items: [
      ["CA_SIN", "523 409 878"],
      ["CA_SIN", "610-233-843"],
    ],
  },

  // Thai national ID
  {
    text: "Khun Malee's ID card 1-1037-00123-45-8 was scanned at the branch.",
    items: [["TH_ID", "1-1037-00123-45-8"]],
  },
  {
    text: "เลขประจำตัวประชาชน 3 1099 00451 23 0 ของผู้ถือบัญชี",
    items: [["TH_ID", "3 1099 00451 23 0"]],
  },
  {
    text: "The authorised person, ID 5678901234560, signed on 01/02/2024.",
    items: [["TH_ID", "5678901234560"]],
  },
  {
    text: "Thai IDs 2-1045-00678-91-9 and 1101400218737 belong to the same household.",
    items: [
      ["TH_ID", "2-1045-00678-91-9"],
      ["TH_ID", "1101400218737"],
    ],
  },

  // Indonesian NIK
  {
    text: "Ibu Sari's NIK 3273011503850001 was used for the e-KYC check.",
    items: [["ID_NIK", "3273011503850001"]],
  },
  {
    text: "NIK 3174095508920003 (female, born 15 August 1992) appears on the loan file.",
    items: [["ID_NIK", "3174095508920003"]],
  },
  {
    text: "KTP number 3578016206870004 was submitted with a blurred photo.",
    items: [["ID_NIK", "3578016206870004"]],
  },
  {
    text: "The Denpasar customer (NIK 5171042012900002) moved IDR 1.500.000.000.",
    items: [["ID_NIK", "5171042012900002"]],
  },
  {
    text: "Nomor induk kependudukan: 1271016504010005.",
    items: [["ID_NIK", "1271016504010005"]],
  },

  // IP addresses
  {
    text: "The login came from 192.0.2.44 at 03:12, outside office hours.",
    items: [["IP", "192.0.2.44"]],
  },
  {
    text: "Three sessions from 198.51.100.7 and 203.0.113.250 used the same device.",
    items: [
      ["IP", "198.51.100.7"],
      ["IP", "203.0.113.250"],
    ],
  },
  {
    text: "IPv6 2001:db8::8a2e:370:7334 was seen on the password reset.",
    items: [["IP", "2001:db8::8a2e:370:7334"]],
  },
  {
    text: "Full address 2001:0db8:85a3:0000:0000:8a2e:0370:7334 logged by the gateway.",
    items: [["IP", "2001:0db8:85a3:0000:0000:8a2e:0370:7334"]],
  },
  {
    text: "Link-local fe80::1ff:fe23:4567:890a and mapped ::ffff:192.0.2.128 both appear.",
    items: [
      ["IP", "fe80::1ff:fe23:4567:890a"],
      ["IP", "::ffff:192.0.2.128"],
    ],
  },

  // Several types together
  {
    text: "Mr Wong (S7654321F, 9876 5432, wong.kf@example.com) paid with 4111111111111111.",
    items: [
      ["SG_NRIC", "S7654321F"],
      ["PHONE", "9876 5432"],
      ["EMAIL", "wong.kf@example.com"],
      ["CARD", "4111111111111111"],
    ],
  },
  {
    text: "Sender +60 12-345 6789, MyKad 880315-14-5678, IBAN GB82WEST12345698765432, IP 192.0.2.10.",
    items: [
      ["PHONE", "+60 12-345 6789"],
      ["MY_MYKAD", "880315-14-5678"],
      ["IBAN", "GB82WEST12345698765432"],
      ["IP", "192.0.2.10"],
    ],
  },
  {
    text: "Nasabah NIK 3273011503850001, HP 0812-3456-7890, email budi.s@example.id; TXN-20240315-0042.",
    items: [
      ["ID_NIK", "3273011503850001"],
      ["PHONE", "0812-3456-7890"],
      ["EMAIL", "budi.s@example.id"],
    ],
  },
  {
    text: "Canadian applicant: SIN 395-172-604, phone (416) 555-0199, card 5555 5555 5555 4444.",
    items: [
      ["CA_SIN", "395-172-604"],
      ["PHONE", "(416) 555-0199"],
      ["CARD", "5555 5555 5555 4444"],
    ],
  },
  {
    text: "ผู้ร้องเรียน 1-1037-00123-45-8 โทร 081 234 5678 อีเมล malee.s@example.co.th",
    items: [
      ["TH_ID", "1-1037-00123-45-8"],
      ["PHONE", "081 234 5678"],
      ["EMAIL", "malee.s@example.co.th"],
    ],
  },
  {
    text: "联系人陈先生，电话+65 9123 4567，身份证号S1234567D。",
    items: [
      ["PHONE", "+65 9123 4567"],
      ["SG_NRIC", "S1234567D"],
    ],
  },
];

// Sentences with nothing personal in them: amounts, dates, times, references, percentages,
// postcodes, years, and identifiers that fail their checksum. They must come back unchanged.
export const NEGATIVES: readonly string[] = [
  "The client transferred SGD 15,000 to an overseas account on 15/03/2024.",
  "Settlement of RM 50,000.00 was booked under TXN-20240315-0042.",
  "Invoice INV 884213 remains unpaid since 2024-03-15.",
  "Account balance stood at USD 1,234,567.89 at year-end 2023.",
  "Rp 15.000.000 was withdrawn in cash at 14:30.",
  "Exposure rose 12.5% quarter on quarter, against a 10% limit.",
  "The branch is at postcode 049315, Singapore.",
  "Case 2024-0042 was closed on 31/12/2024.",
  "The review covered 2019, 2020 and 2021.",
  "NRIC S1234567A was rejected because its check letter is wrong.",
  "Card 4111 1111 1111 1112 failed the Luhn check and was declined.",
  "A Thai ID of 1-1037-00123-45-9 failed validation.",
  "SIN 722 043 188 was flagged as mistyped.",
  "MyKad 881345-14-5678 has an impossible month.",
  "MyKad 880315-00-5678 uses a place-of-birth code that is not issued.",
  "IBAN GB82 WEST 1234 5698 7654 33 was rejected by the bank.",
  "NIK 3273013203850001 carries an impossible day of birth.",
  "NIK 9973011503850001 names no province.",
  "Version 1.2.3.4.5 of the screening engine was deployed.",
  "Reference 20240315-0042-7781 was logged by the payments team.",
  "The largest single deposit was 9,123,456.00.",
  "Alerts fired at 09:15, 14:30:00 and 23:59:59.",
  "Order #88421300 was shipped to the registered address.",
  "Reference 61234567 was reused across two claims.",
  "Policy number 9123456789 lapsed in 2022.",
  "The thresholds are 10,000 and 5,000 per day.",
  "Between 1 January 2024 and 31 March 2024 the account was dormant.",
  "Transaction TXN 6123 4567 was reversed the next day.",
  "The US office ZIP code is 10001-1234.",
  "The Toronto postal code M5V 2T6 matched the declared address.",
  "PHP 25,000 and VND 250.000.000 were exchanged at the counter.",
  "THB 1,500,000 and IDR 1.500.000.000 moved through the same wallet.",
  "Dates were written 03.15.2024, 2024/03/15 and 15-03-2024.",
  "The analyst scored the file 87/100 and the ratio was 3:1.",
  "Ask for extension 4521 at the front desk.",
  "Ref 130456783 was quoted by the customer.",
  "Batch 1103700123459 failed reconciliation.",
  "Tracking 3273013213850001 shows the parcel in transit.",
  "The call lasted 12:30:45 in total.",
  "Send the notes to the @compliance channel, not by email.",
  "ยอดโอน 50,000 บาท เมื่อวันที่ 15/03/2567",
  "金额为人民币 12,000 元，日期 2024年3月15日。",
  "Loan reference LN-2024-000153 was restructured.",
  "Device serial SN-4411-2290-8831 was registered twice.",
  "Q1 2024 revenue reached 4,500,000 against a plan of 4,200,000.",
  "The client is 45 years old and holds 3 accounts.",
  "Unit 12-05, Block 221B, is the registered office.",
  "Flight SQ 318 departs at 23:55 on 15 March.",
  "The UK sort code 20-00-00 belongs to the correspondent bank.",
  "The SHA-256 prefix 9f86d081884c7d65 identifies the file.",
  "Controls follow ISO 27001:2022 and ISO 13616.",
  "Ticket CASE-000123456 was escalated to level 2.",
  "A penalty of SGD 1.2 million was imposed in 2021.",
  "See section 4.2.1 of the manual, release v2.3.10.",
  "Client ID 100234 is served by branch 0042.",
  "1,000,000 VND was the daily limit.",
  "The ratio fell to 0.0025 after the change.",
  "The ATM sits at coordinates 1.3521, 103.8198.",
  "The phone field was left blank (N/A).",
  "Customer number 1234567 was merged into the new record.",
  "Card-like value 5555 5555 5555 5555 fails the Luhn check.",
  "Account 123456789012 was closed after 12 months.",
  "The STR was filed within 15 business days, on 2024-04-05T10:30:00Z.",
  "Interest of 3.25% p.a. applied from 01.04.2024.",
  "Over 2,500 alerts were reviewed; 37 led to an STR.",
];
