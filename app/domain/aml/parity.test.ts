import { describe, expect, test } from "vitest";
import { bandIdOf, gradeFreeForm } from "./grading";
import { getReaders } from "./lexicons.server";
import { getPacks } from "./packs.server";

// One strong analysis of a case, written in each language as an analyst there would write it: the
// grader reads the same answer the same way in any of them (issue: every language within one band).
const readers = getReaders();
const packs = getPacks();

function grade(
  pack: "ca" | "sg" | "th" | "my",
  scenarioId: string,
  decision: "ESCALATE" | "REQUEST_KYC" | "NO_ACTION",
  text: string,
) {
  const { rubric, scenarios } = packs.get(pack) ?? {};
  const scenario = scenarios?.find((one) => one.id === scenarioId);
  if (!rubric || !scenario) throw new Error(`no case ${pack}/${scenarioId}`);
  const result = gradeFreeForm(rubric, scenario, { decision, analysis: text }, readers);
  return {
    percent: result.percent,
    band: bandIdOf(rubric, result.percent),
    penalties: result.penalties,
  };
}

const CASES = [
  {
    pack: "ca" as const,
    scenario: "company-pays-out-lease",
    decision: "REQUEST_KYC" as const,
    answers: {
      en: "I am asking for more information before applying the payout. On 16 November a wire of CAD 46,310.55 from Ridgeline Grounds Inc. paid off Marco Delisle's truck lease more than two years early, and he asks for the ownership to go to that company, whose name appears nowhere on his file. A third party paying off a lease and taking the vehicle is a red flag, but he has paid on time for 22 months and runs a landscaping business, so the company may well be his own. Our procedure asks us to find out who pays and how they are connected to the lessee: I will ask for the corporation profile or share register showing who owns and controls Ridgeline and his link to it, and record the answer in a file note. If he cannot show that link, I will escalate to the compliance officer, since as a reporting entity we would then have reasonable grounds to consider an STR.",
      fr: "Je demande un complément d'information avant d'appliquer le paiement. Le 16 novembre, un virement de 46 310,55 CAD de Ridgeline Grounds Inc. a soldé le contrat de location du camion de Marco Delisle plus de deux ans d'avance, et il demande que la propriété soit transférée à cette société, dont le nom ne figure nulle part à son dossier. Un tiers qui solde un contrat et prend le véhicule est un signal d'alarme, mais il paie à temps depuis 22 mois et dirige une entreprise d'aménagement paysager, donc la société pourrait bien être la sienne. Notre procédure exige de savoir qui paie et quel lien il a avec le locataire : je demanderai le profil de la société ou le registre des actionnaires montrant qui possède et contrôle Ridgeline et son lien avec elle, et je consignerai la réponse dans une note au dossier. S'il ne peut pas démontrer ce lien, je ferai remonter le dossier à l'agent de conformité, car en tant qu'entité déclarante nous aurions alors des motifs raisonnables d'envisager une DOD.",
      vi: "Tôi yêu cầu bổ sung thông tin trước khi ghi nhận khoản tất toán. Ngày 16 tháng 11, một khoản chuyển tiền điện tử 46.310,55 CAD từ Ridgeline Grounds Inc. đã tất toán hợp đồng thuê xe bán tải của Marco Delisle sớm hơn hai năm, và ông yêu cầu chuyển quyền sở hữu xe cho công ty đó, một cái tên không hề có trong hồ sơ của ông. Bên thứ ba trả nợ thay và nhận xe là một dấu hiệu cảnh báo, nhưng ông đã trả đúng hạn suốt 22 tháng và kinh doanh dịch vụ cảnh quan, nên công ty này rất có thể là của chính ông. Quy trình của chúng tôi yêu cầu xác định ai trả tiền và họ liên quan thế nào với người thuê: tôi sẽ yêu cầu hồ sơ doanh nghiệp hoặc sổ cổ đông cho thấy ai sở hữu và kiểm soát Ridgeline và mối liên hệ của ông với công ty, rồi ghi câu trả lời vào biên bản hồ sơ. Nếu ông không chứng minh được mối liên hệ đó, tôi sẽ báo cáo lên cán bộ tuân thủ, vì khi đó với tư cách là đơn vị có nghĩa vụ báo cáo, chúng tôi sẽ có cơ sở hợp lý để xem xét lập STR.",
      ms: "Saya meminta maklumat lanjut sebelum memproses bayaran penyelesaian. Pada 16 November, pindahan kawat CAD 46,310.55 daripada Ridgeline Grounds Inc. telah menyelesaikan pajakan trak pikap Marco Delisle lebih dua tahun lebih awal, dan dia meminta pemilikan trak dipindahkan kepada syarikat itu, yang namanya tidak terdapat langsung dalam failnya. Pihak ketiga yang melunaskan pajakan dan mengambil kenderaan adalah petanda bahaya, tetapi dia telah membayar tepat pada masanya selama 22 bulan dan menjalankan perniagaan landskap, jadi syarikat itu mungkin miliknya sendiri. Prosedur kami menghendaki kami mengetahui siapa yang membayar dan apa kaitannya dengan pemajak: saya akan meminta profil syarikat atau daftar pemegang saham yang menunjukkan siapa pemilik dan pengawal Ridgeline serta kaitannya dengan syarikat itu, dan merekodkan jawapannya dalam nota fail. Jika dia tidak dapat membuktikan kaitan itu, saya akan merujuk kepada pegawai pematuhan, kerana sebagai entiti pelapor kami akan mempunyai alasan munasabah untuk mempertimbangkan STR.",
    },
  },
  {
    pack: "sg" as const,
    scenario: "pep-name-match-inheritance",
    decision: "NO_ACTION" as const,
    answers: {
      en: "I close both alerts with the reasons on record. The screening hit is a name match only: the PEP profile is a Malaysian official born in 1965, while our customer Tan Mei Ling was born in 1992 in Singapore and is a Singapore citizen, as her NRIC and passport show, so she is a different person. The SGD 219,006.14 telegraphic transfer on 16 November from the client account of Rahim & Loh, solicitors in Johor Bahru, is large and the first payment from that payer, but it matches the source of funds she explained in September: her half share of her late father's estate, with the letters of administration and the sale and purchase agreement on file. Nothing else has changed on the account. There are no reasonable grounds to suspect, so no STR is needed; I record the comparison of identifiers and the documents in a file note for the audit trail.",
      fr: "Je ferme les deux alertes en consignant les motifs. L'alerte de filtrage n'est qu'une correspondance de nom : le profil de PPE est une fonctionnaire malaisienne née en 1965, alors que notre cliente Tan Mei Ling est née en 1992 à Singapour et est citoyenne singapourienne, comme le montrent sa carte NRIC et son passeport : c'est une autre personne. Le virement télégraphique de 219 006,14 SGD du 16 novembre, venu du compte client de Rahim & Loh, avocats à Johor Bahru, est important et c'est le premier paiement de ce payeur, mais il correspond à l'origine des fonds qu'elle a expliquée en septembre : sa moitié de la succession de son père décédé, avec les lettres d'administration et le contrat de vente au dossier. Rien d'autre n'a changé sur le compte. Il n'y a pas de motifs raisonnables de soupçonner, donc aucune DOD n'est nécessaire ; je consigne la comparaison des identifiants et les documents dans une note au dossier pour la piste d'audit.",
      vi: "Tôi đóng cả hai cảnh báo và ghi lại lý do. Kết quả sàng lọc chỉ là trùng tên: hồ sơ PEP là một quan chức Malaysia sinh năm 1965, còn khách hàng Tan Mei Ling của chúng tôi sinh năm 1992 tại Singapore và là công dân Singapore, theo NRIC và hộ chiếu của bà, nên đây là hai người khác nhau. Khoản chuyển tiền điện tử 219.006,14 SGD ngày 16 tháng 11 từ tài khoản khách hàng của công ty luật Rahim & Loh ở Johor Bahru là lớn và là khoản thanh toán đầu tiên từ bên trả tiền này, nhưng khớp với nguồn tiền bà đã giải thích vào tháng 9: phần thừa kế một nửa từ di sản của người cha đã mất, kèm thư quản lý di sản và hợp đồng mua bán trong hồ sơ. Không có gì khác thay đổi trên tài khoản. Không có cơ sở hợp lý để nghi ngờ, nên không cần STR; tôi ghi lại việc so sánh các thông tin nhận dạng và các tài liệu trong biên bản hồ sơ để lưu vết kiểm toán.",
      ms: "Saya menutup kedua-dua amaran dengan sebab direkodkan. Padanan saringan hanyalah padanan nama: profil PEP ialah seorang pegawai Malaysia yang lahir pada 1965, sedangkan pelanggan kami Tan Mei Ling lahir pada 1992 di Singapura dan warganegara Singapura, seperti yang ditunjukkan oleh NRIC dan pasportnya, jadi dia orang yang berbeza. Pindahan telegrafik SGD 219,006.14 pada 16 November daripada akaun klien Rahim & Loh, peguam di Johor Bahru, adalah besar dan bayaran pertama daripada pembayar itu, tetapi ia sepadan dengan sumber dana yang dijelaskannya pada September: separuh bahagian harta pusaka bapanya yang telah meninggal dunia, dengan surat kuasa mentadbir dan perjanjian jual beli dalam fail. Tiada perkara lain yang berubah pada akaun. Tiada alasan munasabah untuk mengesyaki, jadi STR tidak diperlukan; saya merekodkan perbandingan pengecam dan dokumen dalam nota fail untuk jejak audit.",
    },
  },
];

describe("the same strong answer in English, French, Vietnamese and Malay", () => {
  for (const { pack, scenario, decision, answers } of CASES) {
    test(`${pack}/${scenario}: the same band, within 10 points of English, no penalty`, () => {
      const english = grade(pack, scenario, decision, answers.en);
      expect(english.band).toBe("excellent");
      for (const [language, text] of Object.entries(answers)) {
        const graded = grade(pack, scenario, decision, text);
        expect(graded.band, language).toBe(english.band);
        expect(Math.abs(graded.percent - english.percent), language).toBeLessThanOrEqual(10);
        expect(graded.penalties, language).toEqual([]);
      }
    });
  }
});
