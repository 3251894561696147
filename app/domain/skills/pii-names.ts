// Name lists for finding people in case notes: common given names (English, French, Malay, Indian,
// Thai in Latin letters, Tamil script), family names written first (Chinese in pinyin and dialect
// spellings, Vietnamese, Chinese characters), and words that look like names but are not.
// A name on a list is only evidence: it counts with a title or role before it, or with a family
// name after it. The scrubber runs on the server: besides the short lists here, it reads some
// 13,500 given names and 12,800 family names that are no ordinary word (pii-given-names.json,
// pii-family-names.json, scripts/pii-name-lists.js).

import familyNames from "./pii-family-names.json";
import moreGivenNames from "./pii-given-names.json";

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

export const GIVEN_NAMES = words(`
  Aaron Adam Adrian Alan Albert Alex Alexander Alice Alicia Amanda Amy Andrea Andrew Angela Anna
  Anne Anthony Ashley Barbara Ben Benjamin Beth Betty Brandon Brian Bruce Carl Carol Caroline
  Catherine Charles Charlotte Chloe Chris Christina Christine Christopher Claire Daniel David Deborah
  Dennis Diana Donald Donna Dorothy Douglas Edward Elizabeth Ellen Emily Emma Eric Ethan Frank Gary
  George Grace Gregory Hannah Harry Heather Helen Henry Ian Isaac Jack Jacob James Jane Janet Jason
  Jeffrey Jennifer Jeremy Jessica Joan John Jonathan Joseph Joshua Joyce Judith Julia Julie Justin
  Karen Katherine Kathleen Kelly Kenneth Kevin Kimberly Laura Lauren Linda Lisa Lucy Margaret Maria
  Mark Martha Mary Matthew Megan Melissa Michael Michelle Nancy Nathan Nicholas Nicole Olivia Pamela
  Patricia Patrick Paul Peter Rachel Raymond Rebecca Richard Robert Ronald Rose Ruth Ryan Samantha
  Samuel Sandra Sarah Scott Sean Sharon Sophia Stephanie Stephen Steven Susan Teresa Thomas Timothy
  Tyler Victoria Vincent Walter William Zachary Jasmine Joanne Kenny Terence Desmond Gerald Wendy
  Cheryl Vivian Maricel Kelvin Joy Max Ivy Sunny Jolene Winnie Jacky Ricky Vicky Benny Jimmy Tommy
  Jenny Cindy Peggy Eddie Alvin Calvin Wilson Nelson
  Alain André Antoine Audrey Bernard Camille Chantal Christophe Claude Denis Didier Dominique Émilie
  Étienne François Françoise Gabriel Geneviève Gilles Gisèle Guy Hélène Isabelle Jacques Jean Josée
  Julien Louis Luc Lucie Marc Marie Martin Mathieu Michel Monique Nathalie Nicolas Olivier Philippe
  Pierre René Serge Simon Sophie Stéphane Sylvie Valérie Yves Éric Hugo Léa Manon Maxime Mélanie
  Alexandre Annie Benoît Carole Danielle Diane Émile Félix Francine Frédéric Gaétan Ghislain Ginette
  Guillaume Jocelyn Johanne Karine Lise Martine Mireille Normand Pierrette Raphaël Réjean Rémi
  Sébastien Sylvain Yvon Ève
  Ahmad Ahmed Aina Aisyah Aminah Amir Amirul Anwar Aziz Azman  Faizal Farah Farid Fatimah Hafiz
  Hafizuddin Hakim Hamid Hamzah Hasan Hassan Hidayah Ibrahim Idris  Ismail Izzah Kamal Khairul
  Mahmud Mohamad Mohammad Mohamed Mohd Muhammad Nabil Nadia Norazlina Nor Noor Nur Nurul Omar Rahim
  Rahman  Razak Rizal Rohani Rosli Salleh Siti Sulaiman  Yusof Yusuf  Zainal
  Zaki Zulkifli Aishah Haziq Hazwan Syahirah
  Amirah Ainul Mardhiah Hasnah Izzati Syafiqah Nabilah Khadijah Halimah Rosnah Rohana Salmah
  Sharifah Syarifah Suhaila Syazwani Zubaidah Zarina Zaleha Rozita Norhayati Noraini Norliza
  Azlina Azizah Hafizah Husna Najihah Aqilah Batrisyia Balqis Insyirah Afiqah Nadhirah Wardah
  Athirah Fatin Syuhada Farhana Hanis Adibah Liyana Nurin Qistina Zulaikha Rahimah Sakinah Faridah
  Mazlan Azlan Azhar Roslan Rusli Ridzuan Shahrul Syahmi Syafiq Haikal Hariz Irfan Iskandar
  Luqman Harith Aiman Afiq Akmal Arif Asyraf Faiz Fikri Hazim Ikhwan Izzat Khairi Naim Nazrin
  Rashid Redzuan Shafiq Zaidi Zikri Zulhilmi Fadzil Kamarul Jamaluddin Badrul Fauzi Shamsul Samsul
  Farhan Fahmi Syukri Zulkarnain Hakimi Aqil Amsyar Firdaus Hilmi Nazmi Rizwan Taufiq Yazid
  Aarav Anand Anil Arjun Arun Deepa Deepak Devi Ganesh Ganesan Gopal Kalaivani Kavitha Krishnan
  Kumar Kumaran Lakshmi Meena Muthu Nair Priya Rajan Rajesh Ramesh Ravi Saravanan  Selvi
  Senthil Siva Sunita Suresh Thanabalan Vijay Vikram Anjali Karthik   Venkatesh
  Somchai Somsak Malee Siriporn Thanawat Pornthip Sompong Wichai Kittipong Nattapong Supaporn
  Anong Chaiwat Prasert Suda Wanida
`);
for (const name of moreGivenNames) GIVEN_NAMES.add(name);

// Family names written before the given name: Chinese (pinyin, Hokkien, Cantonese, Teochew
// spellings) and Vietnamese, with and without diacritics.
export const FAMILY_FIRST = words(`
  Tan Lim Lee Ng Wong Chan Goh Ong Teo Koh Chua Chong Chew Chia  Low Loh Lau Leong Liew  Yap
   Tay Toh Seah Quek Poh Phua Foo Fong  Kok Kwok Lai Lam Leung Loke Mak Neo Ang Au Choo Chin
  Cheong Cheng Heng Hew Kang Kee Kuan Kwan Leow Lin Ling  Lo Lum Pang Soh Soon Tang Tham Tiong
  Tsang Wee Woo Yong Yow Zhang Wang Li Chen Yang Huang Zhao Wu  Xu Sun Ma Zhu Hu Guo He Gao Luo
  Zheng Liang Xie Song Han Feng Deng  Peng Zeng Xiao Tian Dong Yuan Pan Cai Jiang Yu Du Ye Cheng
  Wei Su Lu Ding Ren Shen Yao Lu Jiang Cui Zhong Tan Liu Zhou Yeo Ooi Khoo Teh Chee Yeoh Tee Chow
  Choy Gan Lew Yee Yuen
  Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Trương  Lâm Mai Tôn
  Lò Lường Quàng Nông Bế Sầm Giàng Thào Sùng
  Châu Cao    Lưu Đoàn Vương Thái Quách Hà  Nguyen Tran Pham Hoang Huynh Vu Vo Dang Bui
   Ngo Duong Truong Lương La Tô Hứa Diệp Kiều Triệu Mạc Nghiêm Khúc
  Ho Yip Kwek Loo Sim Seow Ting Chai Yeung Yim Chng Sng Quah Kuah Chiam Lye Hoe Tung Wan Yew
  Đinh Dinh Trịnh Trinh Tạ Lại Chu Giang Phùng Tăng Thân Doãn Khổng Âu Ông Quan Lục
`);
// Among them, those written last in a Western-order name ("Terrence Yip", "Wendy Ho", and in
// Canada "Lan Nguyen", "Kevin Tran"): the ones written in plain Latin letters.
export const FAMILY_LAST = new Set([...FAMILY_FIRST].filter((name) => /^[A-Z][a-z]+$/u.test(name)));

// Family names written last ("Jonalyn Reyes", "Harpreet Kaur Dhillon"): the data set's, and the
// commonest of the communities of Canada and the region it lacks (Filipino, Punjabi and other
// Indian, Arab and North African, Ukrainian and Russian, Iranian, Somali, West African,
// Québécois, Japanese, Indonesian). A family name after a capitalised word makes a name.
export const FAMILY_NAMES = new Set([
  ...familyNames,
  ...words(`
  Bautista Villanueva Ramos Aquino Castillo Mercado Manalo Pascual Soriano Navarro Aguilar
  Salazar Domingo Tolentino Mendoza Gonzales Dizon Panganiban Macaraeg Magbanua Bernardo
  Santiago Marquez Galang Lacson Mangubat Dimaculangan Ocampo Villareal Sarmiento Cabrera
  Dhillon Sandhu Grewal Sidhu Brar Sangha Bains Johal Dhaliwal Virk Randhawa Chahal Atwal
  Khangura Gill Shah Khan Mehta Desai Joshi Iyer Nair Menon Pillai Reddy Rao Naidu Krishnan
  Raman Subramaniam Rajaratnam Chandran Muniandy Gopal Govindasamy Ramasamy Perumal Suppiah
  Haddad Benali Khoury Saleh Mansour Hamdi Bouchareb Amrani Belkacem Nasser Aziz Rahman
  Hussein Hassan Ibrahim Youssef Mahmoud Karim Farouk Cherif Benjelloun Alaoui Bennani Meziane
  Melnyk Kovalenko Shevchenko Bondarenko Tkachenko Kravchenko Oliynyk Boyko Kovalchuk Ivanov
  Petrov Volkov Smirnov Popov Sokolov Kuznetsov Morozov Lebedev Novikov Fedorov
  Karimi Hosseini Ahmadi Rezaei Mohammadi Moradi Jafari Rahimi Hashemi Sadeghi Mousavi Ghasemi
  Kazemi Nazari Tehrani
  Warsame Abdi Osman Abdullahi Jama Yusuf Aden Mohamud Egal
  Okafor Okeke Okonkwo Adeyemi Adebayo Okoro Nwosu Chukwu Ogunleye Oladipo Balogun Boateng
  Mensah Asante Owusu Osei Agyeman Danso
  Tremblay Gagnon Côté Bouchard Gauthier Morin Lavoie Fortin Gagné Ouellet Pelletier Bélanger
  Lévesque Bergeron Leblanc Paquette Girard Simard Boucher Caron Beaulieu Cloutier Dubé Poirier
  Fournier Lapointe Leclerc Lefebvre Poulin Thibault Nadeau Martel Hébert Thibodeau
  Dufour Sirois Lachance Charbonneau Lemieux Vachon Picard Turcotte Bolduc Boivin Duchesne Guay
  Tanaka Suzuki Sato Takahashi Watanabe Yamamoto Nakamura Kobayashi Yamada Sasaki Yoshida
  Santoso Wijaya Setiawan Hidayat Pratama Saputra Kusuma Halim Gunawan Susanto Lestari Wibowo
`),
]);

// Myanmar names have no family name: two to four of these words make one (Aung Ko Ko, Thida Win,
// Min Zaw Oo), and one at least must be of the first list, which are no English words.
export const MYANMAR_NAME_WORDS = words(`
  Aung Kyaw Zaw Myint Htun Naing Hla Thida Khin Mya Hnin Lwin Htet Myo Maung Thein Nyein Phyu
  Thuzar Nilar Yadanar Thant Khaing Htay Sithu Thura Pyae Phyo Nwe Kyi Soe Tun Moe Thet Zin
`);
export const MYANMAR_COMMON_WORDS = words(
  "Win Oo Ko Min Su Ei Wai Nay Linn Lin Ye Mon Than Sein Mar Cho May",
);

// Korean family names, written first before a hyphenated given name (Park Ji-hoon): some are
// English words too (Park, Moon, Son), so they are names only before such a given name.
export const KOREAN_FAMILY = words(`
  Kim Park Lee Choi Jung Jeong Cho Kang Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song Yoo
  Hong Jeon Ko Moon Yang Son Bae Baek Heo Nam Ryu Yun Noh
`);

// Vietnamese middle names: part of a name, but not one to look for on its own.
export const MIDDLE_NAMES = words(
  "Văn Thị Van Thi Hữu Huu Đức Duc Thanh Ngọc Ngoc Minh Quốc Quoc Xuân Xuan Thu Quang Đình",
);

// Vietnamese family names written without their diacritics that are also words or particles
// (Le, Do, Ha, Mai…): a family name only before a middle name and a given name (Le Minh Tuan).
export const VIETNAMESE_WORDLIKE_FAMILY = words(
  "Le Do Ha Ly Luu Doan Chau Ta Lai Mai Lam Cao Thai",
);

// Traditional Chinese characters of names and of the words around them, and their simplified
// forms: Hong Kong, Taiwan and many Malaysian notes write 陳, 劉, 輝, 客戶, 媽媽. One character for
// one, so a text read in simplified characters keeps every offset.
const TRADITIONAL =
  "陳劉張楊黃趙吳孫馬鄭羅謝許馮鄧葉蘇盧鍾譚陸賈韋鄒龍顧龔錢嚴湯莊溫歐陽蔣薑閆賀鄺鄔關區餘倫藍麥蕭萬龐聶偉傑華強軍輝剛鵬飛東鳳蘭麗紅艷豔穎曉夢詩寧靜貞蓮雲潔雙韻寶鋒銘鴻達煒燁興貴樂慶豐賢誠儉寬順堅彥啟鈞錚錦繡祿壽實勝衛亞漢瑤嬌綺綾婭瑩凱軒鸞鶯戶賬帳闆鄰機經兒書匯聯繫絡擁屬於為親請擔負當會計納員職櫃頭別紹僱師學媽爺嬸說稱據與給讓對這個們麼裡後時銀轉號碼話電證護歲齡開過還從進將覺問見喚謂檢記諸鈴橋瑪頌邊齋長岡濱澤優樹紀結買賣車傭閨鄉處隊";
const SIMPLIFIED =
  "陈刘张杨黄赵吴孙马郑罗谢许冯邓叶苏卢钟谭陆贾韦邹龙顾龚钱严汤庄温欧阳蒋姜闫贺邝邬关区余伦蓝麦萧万庞聂伟杰华强军辉刚鹏飞东凤兰丽红艳艳颖晓梦诗宁静贞莲云洁双韵宝锋铭鸿达炜烨兴贵乐庆丰贤诚俭宽顺坚彦启钧铮锦绣禄寿实胜卫亚汉瑶娇绮绫娅莹凯轩鸾莺户账账板邻机经儿书汇联系络拥属于为亲请担负当会计纳员职柜头别绍雇师学妈爷婶说称据与给让对这个们么里后时银转号码话电证护岁龄开过还从进将觉问见唤谓检记诸铃桥玛颂边斋长冈滨泽优树纪结买卖车佣闺乡处队";
const TO_SIMPLIFIED = new Map([...TRADITIONAL].map((char, i) => [char, SIMPLIFIED.charAt(i)]));

/** The text with the traditional characters the name rules read written simplified. */
export function simplifiedChinese(text: string): string {
  return /[\u4e00-\u9fff]/u.test(text)
    ? text.replace(/[\u4e00-\u9fff]/gu, (char) => TO_SIMPLIFIED.get(char) ?? char)
    : text;
}

// Chinese family names in characters (the hundred commonest and the region's others).
// Family names of two characters, in simplified characters as the rules read them: 欧阳, 上官, 诸葛.
export const CJK_COMPOUND_FAMILY =
  /^(?:欧阳|上官|诸葛|司马|司徒|皇甫|令狐|慕容|夏侯|尉迟|公孙|长孙|宇文|端木|申屠|澹台)/u;

// Japanese family names as Chinese notes write them (佐藤健一, 铃木小姐), none of them a Chinese word
// or place: 和田 (Hotan), 上田 or 小川 (a small river) are left out.
export const JAPANESE_FAMILY = new Set(
  `佐藤 铃木 高桥 渡边 伊藤 山本 中村 小林 加藤 吉田 山田 佐佐木 井上 木村 斋藤 斉藤 山崎 池田
  桥本 阿部 石川 前田 冈田 长谷川 藤田 后藤 近藤 村上 远藤 青木 坂本 福田 太田 藤井 冈本 藤原
  三浦 原田 松田 竹内 田村 森田 柴田 宫崎 横山 宫本 谷口 今井 工藤 增田 杉山 村田 大冢 岩崎
  菅原 木下 久保 佐野 野村 松尾 菊地 杉本 饭田 菊池 五十岚 服部 樋口 秋山 田口 永井 吉村 松冈
  浜田 滨田 森本 星野 矢野 浅野 大久保 小池 野田 荒木 内藤 松浦 熊谷 尾崎 望月 田边 田中 黑田
  泽田 小野 中岛 西村 北村 平田 宫田`.split(/\s+/u),
);

// The characters Chinese writes foreign names with, sound by sound (约翰·史密斯, 穆罕默德·阿里夫).
export const CJK_TRANSLITERATION = new Set(
  `阿埃艾爱安昂奥巴拜班邦鲍贝本比彼毕宾波伯博布查达大代戴丹道德登迪蒂丁东杜敦多厄恩尔法范菲费芬丰夫
  弗福盖甘冈高戈格根古瓜哈海汉豪赫亨胡华怀霍基吉加贾杰金京卡凯坎康考科克肯库夸奎拉莱兰朗劳勒雷蕾里利莉
  丽连列林琳隆卢鲁路伦罗洛马玛迈麦曼芒梅门蒙米密敏明摩莫默姆穆纳奈南内尼妮涅宁纽诺欧帕潘佩彭皮珀普奇齐
  琪契乔切钦琼萨塞赛桑瑟森沙莎山尚舍什圣施史斯松苏索塔泰坦汤唐特滕提托图瓦万旺威韦维卫温沃乌伍西希锡
  夏谢辛休雅亚扬耶伊因英尤于约扎泽詹芝朱卓兹佐翰逊罕娜娃露丝黛茜妮薇琴`.replace(/\s+/gu, ""),
);

// Countries and cities written in characters, many of them sound by sound (伊朗, 尼日利亚): no one's
// name, though a cue or a middle dot may stand before them.
export const CJK_PLACES = new Set(
  `伊朗 伊拉克 叙利亚 阿富汗 巴基斯坦 孟加拉 尼日利亚 以色列 俄罗斯 乌克兰 印度 印度尼西亚 印尼 马来西亚
  新加坡 泰国 越南 缅甸 柬埔寨 老挝 菲律宾 日本 韩国 朝鲜 美国 英国 法国 德国 意大利 西班牙 葡萄牙 荷兰
  比利时 瑞士 瑞典 挪威 丹麦 芬兰 波兰 希腊 土耳其 埃及 南非 肯尼亚 加纳 巴西 阿根廷 墨西哥 加拿大
  澳大利亚 澳洲 新西兰 迪拜 杜拜 阿联酋 沙特 卡塔尔 科威特 巴林 阿曼 也门 约旦 黎巴嫩 斯里兰卡 尼泊尔 蒙古
  哈萨克斯坦 塞浦路斯 马耳他 开曼 巴拿马 伯利兹 塞舌尔 毛里求斯 伦敦 巴黎 纽约 多伦多 温哥华 悉尼 墨尔本
  曼谷 河内 金边 仰光 吉隆坡 雅加达 马尼拉 东京 首尔 香港 澳门 台湾 中国 芭提雅 普吉 清迈`.split(
    /\s+/u,
  ),
);

export const CJK_FAMILY_NAMES = new Set(
  "阮王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蔡蒋余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤庄温欧阳翁洪柯辜".split(
    "",
  ),
);

// Characters common in Chinese given names: with a family name's character before them, two of
// them standing between punctuation or particles are a full name (林美玲、郑伟杰和…).
export const CJK_GIVEN_CHARS = new Set(
  `伟杰明华强军平勇斌涛辉刚健俊峰磊鹏宇浩凯豪家志文国建立永海林波成东亮龙飞超彬兵鑫晨轩博睿嘉
  子梓宏振金荣发财福德忠义信仁礼安康泰祥瑞春秋冬夏月玲美丽芳娟英秀敏静燕霞红艳萍雪琳婷倩颖慧
  雯娣欣怡佳琪璐瑶珊佩淑惠珍贞凤翠兰梅菊莲青云虹晶洁蓉薇宁娜莉妮芬芝蕾琴丹双晓思雨诗馨雅梦悦玉桂
  香霖彤妍婉琦瑜璇萱蕙若菲茹莹婕嫣韵蓓宝珠翔翰霆锋铭鸿达耀炜煌烨坤昆山川江河湖源泉清光星宸晖
  阳旭昊昌盛兴旺隆富贵喜乐庆丰裕才贤能良善正直诚毅勤俭宽厚敬和顺恒坚武威雄峻岳嵩松柏桐楠彦卿
  启钧铮锦绣霏瑾琛瑛璋珏祺禧禄寿实胜利卫然涵添亚伦汉彪豹虎麟歌`.replace(/\s+/gu, ""),
);

// Thai given names in Thai script: with a family name after them, or after a role or a list of
// names, they are a person (ลูกค้า สมชาย…, ประเสริฐ และ อนุชา).
export const THAI_GIVEN_NAMES = words(`
 สมชาย สมศักดิ์ สมหญิง สมศรี สมหมาย สมทรง สมจิต สมคิด สมพงษ์ สมปอง สมพร สมจิตร สุชาติ สุรชัย สุริยา
 สุนทร สุนันทา สุดา สุภาพร สุพัตรา สุวิทย์ สุรเชษฐ์ สุภาวดี สุกัญญา สุมาลี สุจิตรา สุนีย์
 ประเสริฐ ประยุทธ ประวิทย์ ประภาส ประสิทธิ์ ปิยะนุช ปิยพงษ์
 อนุชา อนันต์ อภิชาติ อรทัย อัมพร อุไร อารีย์ อัญชลี เอกชัย
 วิไลวรรณ วิชัย วิโรจน์ วันชัย วรรณา วิภาวดี วีระพงษ์ วนิดา วราภรณ์
 มาลี มยุรี เมธี ไพโรจน์ พรทิพย์ พรรณี 
 ณัฐธิดา ณัฐพงษ์ ณัฐวุฒิ ณัฐพล ณรงค์ ณิชา ธนพล ธนากร ธนวัฒน์ ธีรพงษ์ ธวัชชัย
 กิตติ กิตติพงษ์ กิตติศักดิ์ กาญจนา กนกพร กัลยา เกศินี ขนิษฐา
 จันทร์เพ็ญ จิราพร จิรายุ จารุวรรณ จักรพันธ์ ชัยวัฒน์ ชาตรี ชลธิชา ชนิดา ชุติมา
 ดารุณี ทวีศักดิ์ ทรงศักดิ์ ทิพวรรณ นงลักษณ์ นพดล นันทนา นิตยา นิภา นพพร
 บุญชัย บุญเรือน เบญจวรรณ ปัทมา ผ่องศรี พงศกร พัชรี พิไลพร เพ็ญศรี ภัทรา
 รัตนา รุ่งนภา รุ่งโรจน์ ลัดดา ศรีสุดา ศิริพร ศักดิ์ชัย ศุภชัย สายสุนีย์ เสาวลักษณ์
 หทัยรัตน์ อรอุมา อัจฉรา อุษา ยุทธนา ยุพา ยุวดี รัชนี วรวุฒิ ศรัณย์
 อรุณี กัญญา ปรีชา สุรศักดิ์ อำนาจ สมเกียรติ วีระ วีรพงษ์ บุษบา ประไพ สายใจ ดวงใจ พัชรา พิมพ์ชนก ศศิธร ธนกฤต ภานุวัฒน์ กมลวรรณ กิตติพัฒน์ ชนินทร์ ธีรศักดิ์ นภัสสร นฤมล ปวีณา พรพิมล วิไล สุทธิพงษ์ อนุวัฒน์ อรอนงค์ ทองใบ บัวผัน ชาญวิทย์ ไพศาล สุเมธ ธนาธิป ปิยะ จตุพร ชไมพร ณัฐนันท์ ธิดารัตน์ นันทิดา พัชราภรณ์ รัชดา ศิริลักษณ์ สุนิสา อารีรัตน์ กฤษดา กำพล เกรียงไกร จักรกฤษณ์ ชยพล ธีรวัฒน์ นพรัตน์ ปฐมพงศ์ พีระพงษ์ ภาณุพงศ์ วรพล ศุภกิจ สิทธิชัย อดิศักดิ์ อนุสรณ์
`);

// Tamil given names in Tamil script (Tamil family names are fathers' given names).
export const TAMIL_NAMES = words(`
  மீனாட்சி பிரியா மலர் தங்கராஜ் நளினி ஹாஜா ஜான் மைதீன் சிவகுமார் பரமசிவம் கண்மணி
  முருகன் செல்வம் ராஜேஷ் குமார் கவிதா ராமசாமி லட்சுமி நாராயணன் சுரேஷ் பிள்ளை பிரியா சுப்பிரமணியம்
  அருண் பிரகாஷ் விஜய் ஆனந்த் கணேஷ் ராஜா மீனா கிருஷ்ணன் செந்தில் வேலு அன்பு செல்வி கார்த்திக் பாலு
  சுந்தரம் ரமேஷ் பாபு ஜெயந்தி ராஜேந்திரன் வெங்கடேஷ் சீனிவாசன்
  முத்து ராமன் சரவணன் தேவி கமலா பார்வதி சிவா ஸ்ரீதர் அசோக் மோகன் கோபால் ரவி
  கணேசன் ராஜேஸ்வரி ரம்யா மாலதி வள்ளி சாந்தி சரஸ்வதி பத்மா உமா கீதா சித்ரா வசந்தா ராணி
  புஷ்பா புஷ்பவல்லி மஞ்சுளா சுமதி இந்திரா நிர்மலா விஜயா ஜோதி அமுதா தமிழ்செல்வி கலைச்செல்வி
  மகேஸ்வரி பரமேஸ்வரி தனலட்சுமி விமலா சுசீலா ரேவதி சங்கீதா திவ்யா நந்தினி கீர்த்தனா ஹேமா
  கார்த்திகேயன் சிவகுருநாதன் சுப்பையா கோவிந்தசாமி தங்கராஜு பழனிசாமி மாரிமுத்து வேலாயுதம்
  ஆறுமுகம் சின்னசாமி பெருமாள் கந்தசாமி நடராஜன் ராஜகோபால் பாலகிருஷ்ணன் லோகேஸ்வரன் யோகேஸ்வரன்
  தினேஷ் மணிகண்டன் சதீஷ் விக்னேஷ் பிரபு கண்ணன் சங்கர் சேகர் குமரன் வேல்முருகன் இளங்கோ
  ஜெகதீசன் தியாகராஜன் ரவிச்சந்திரன் சந்திரன் சுதாகர் மதன் அருள் அன்பழகன் இளையராஜா
  ஜெயக்குமார் குமரவேல் பூங்கொடி தேன்மொழி பழனியப்பன் அருணா அனிதா அஞ்சலி ஆர்த்தி ஈஸ்வரி கலா
  கல்பனா காவ்யா கோகிலா சரண்யா சுகந்தி சுதா சுஜாதா செல்வராஜ் ஜெயா ஜெயலட்சுமி தமிழ்ச்செல்வன்
  துர்கா தேவகி நாகராஜன் பத்மாவதி பவானி பாக்கியம் பிரேமா பொன்னம்மா மணிமேகலை மல்லிகா மாரியம்மா
  முனியாண்டி யமுனா ராதா ராஜலட்சுமி ரஞ்சனி லதா வனிதா விஜயலட்சுமி ஜானகி ஷாலினி அருண்குமார் அஜித்
  அரவிந்த் கார்த்திகா கௌதம் சந்தோஷ் சரவணகுமார் சிவராமன் சுரேந்திரன் செந்தில்குமார் தனபாலன்
  தமிழரசன் நவீன் பாண்டியன் பிரவீன் மகேந்திரன் முருகேசன் ராஜ்குமார் ராமலிங்கம் வசந்த் விக்ரம்
  வினோத் ஜெயராமன் கதிரேசன் இளங்கோவன் கோபி ஹரி ஹரிஹரன் சுப்பிரமணியன் வேணு வெற்றிவேல் தர்ஷன்
  யோகராஜா தர்மலிங்கம் கிருஷ்ணமூர்த்தி அனுஷா பிரியங்கா நித்யா தீபா லக்ஷ்மி சங்கவி ரோஜா கதிர் சேது
  வேலன் சுப்பு ராமு மாணிக்கம் பாண்டி ரகு ரகுநாதன் சிவக்குமார் சிவசங்கரி உஷா ரூபா கவின் தருண்
  யுவராஜ் ஜீவா ஜீவிதா மணி பாலா தரணி ஹரிணி அமுதவல்லி பரமேஸ்வரன் லோகநாதன் மாதவன் வாசுதேவன் சண்முகம் சண்முகசுந்தரம் அழகு அழகேசன்
`);

// Capitalised words that follow a title or begin a name-like run but are not names.
export const NOT_NAMES = words(`
  Thailand Malaysia Singapore Vietnam Indonesia Philippines Cambodia Myanmar Laos Brunei China
  Taiwan India Canada Japan Korea Australia Europe Africa America Asia
  Indonesian Malaysian Singaporean Filipino Filipina Vietnamese Cambodian Burmese Chinese Indian
  Canadian Korean Japanese Thai Laotian Bangladeshi Pakistani Nepali Australian American British
  Indonésie Indonésien Indonésienne Malaisie Malaisien Malaisienne Thaïlande Thaïlandais
  Thaïlandaise Vietnamien Vietnamienne Cambodgien Cambodgienne Philippin Philippine Chinois
  Chinoise Indien Indienne Canadien Canadienne Coréen Coréenne Japonais Japonaise Singapourien
  Singapourienne
  The A This That These Those His Her Their Our Your My It He She They We I You Its Who
  Customer Client Account Holder Director Manager Officer Bank Branch Service Services Team Office
  Street Road Avenue Lane Drive Boulevard Plaza Mall Tower Centre Center Building Park Station Garden Gardens
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June
  July August September October November December
  Januari Februari Julai Ogos Oktober Disember Tháng
  Singapore Malaysia Thailand Vietnam Canada France Indonesia Philippines China Dubai London
  Toronto Vancouver Ottawa Montréal Montreal Québec Quebec Hamilton Calgary Laval Paris Bangkok
  Pattaya Chennai Beijing Shanghai Labuan Johor Selangor Penang Kelantan Sabah Sarawak Florida
  Hanoi
  Campuchia Cayman Caïmans Kuala Lumpur Bahru Kanada Singapura Kemboja Filipina Perancis
  Macau Macao Sibu Yaman Yemen Cc Bcc Emel Inggeris
  Pte Ltd Sdn Bhd Inc Corp Co Group Holdings Trading Capital Ventures Enterprise Logistics Marine
  Resources Limited Berhad Agency Revenue Authority Police Court Ministry Department
  MAS STRO BNM AMLO FINTRAC CANAFE Tracfin SBV ACRA SSM PDRM NRIC FIN SIN NAS IC MyKad IP
  Email Phone Mobile Passport Notice Case Ref Reference Transaction Between During Since After
  Before On In At From To For With And Or But If When While No Yes Not Also
  Mr Mrs Ms Mdm Dr Miss Sir Madam Encik Puan Cik Tuan
  Ward District Boulevard Moo Ave St Rd Blk Block Unit Lot Jalan Lorong Taman
  Due Diligence Singpass Myinfo Scope Crescent Acct Système Usaha Wajar Dipertingkatkan
  Golden Silver Bright Summit Global Northern Southern Eastern Western Harbourfront Redhill
  Wall Journal Lucky Raffles Orchard Anson Robson Bay Yonge Maple Main
  Khách Giám Chủ Người Công Thứ Ngân Cục Tổng Báo Lương Giao Nhân Con Vợ Chồng Anh Chị Ông Bà
  Singapura Singapour Australia Úc Polis Pasukan Internet WhatsApp
  Dia Beliau Mereka Saya Kami Kita Ia Il Elle Ils Elles Nous Vous Họ Tôi Chúng
  Le La Les Un Une Son Sa Ses Mme Mlle Monsieur Madame Dossier Aucun Au Du Des Ce
  Pelanggan Puan Encik Penyata Pada Syarikat Rujukan Akaun Isterinya Suaminya Transaksi Tiada
  Ambassador Duta Lúc Từ Vào Sau Trong Khi Ngày Theo Selon Jusqu Dans Pour Dari Dalam Selepas
  Sejak Untuk Highlands Riverside Yard Wharf Harbour Harbor Quarry Estate
  AmBank Affin Maybank Agrobank Pasar Kedai Restoran Klinik Kilang Gerai
  Masjid Kampung Kampong Bukit Pulau Sungai Kuala Egmont Mac Parlimen Parliament Parlement
`);

// Words that, just before a run of capitalised words, make it a street, a branch or a company.
export const PLACE_BEFORE =
  /(?:\b(?:Jalan|Jln|Lorong|Persiaran|Lebuh|Taman|rue|avenue|boulevard|chemin|at|on|IPD|IPK|Balai Polis|CN|THPT|THCS|trường)\s+|(?:đường|phố|chi nhánh|hẻm|ngõ|cawangan|succursale de la rue)\s+)$/iu;
export const PLACE_AFTER =
  /^(?:'s)?\s+(?:Road|Rd|Street|St|Avenue|Ave|Boulevard|Blvd|Drive|Lane|Crescent|branch|Branch|Plaza|Mall|Hospital|School|University|Building|Tower|Centre|Center|Park|Station|Bridge|Square|Highway|City|Ward|District|Garden|Gardens|Cafe|Café|Restaurant|Kopitiam|Bakery|Shop|Store|Mart|Salon|Clinic|Hotel|Pharmacy)\b/u;
export const COMPANY_AFTER =
  /^(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{M}'’-]*){0,3}\s+(?:Pte|Sdn|Bhd|Ltd|Limited|Inc|Corp|Corporation|LLC|LLP|Co\.|Company|Partners|Associates|Chambers|Holdings|Trading|Group|Capital|Ventures|Enterprise|Enterprises|Logistics|Resources|Marine|Bank|Berhad|ltée|inc\.|Jewellers|Jewelers|Cafe|Café|Restaurant|Kopitiam|Bakery|Shop|Store|Mart|Salon|Clinic|Hotel|Pharmacy|Workshop|Motor|Motors|Catering|Tailor|Tailors|Florist|Brothers|Bros\.?|Kiosk|Employment|Agency|Health|Foods|Pharma)(?![\p{L}])/u;
// A clause that names a company before the candidate ("công ty TNHH Thương mại Hoàng Phát"); a
// preposition between starts another noun ("công ty chuyển vào TK của Lò Văn Sáng").
// A firm's word, then its name up to the person: a preposition or a title between the two ends the
// firm's name ("syarikat itu dipindahkan ke akaun peribadi …"). Thai writes no spaces inside a
// sentence's phrases: บริษัท only right before the name.
export const COMPANY_BEFORE =
  /(?:(?:công ty|Công ty|TNHH|Cổ phần|Syarikat|syarikat|société|Société)(?:(?!\s(?:của|cho|vào|từ|với|và|qua|tới|đến|ông|bà|anh|chị|kepada|untuk|dari|ke|oleh|milik|atas|pour|par|à|to|of|by|for|from|with)\s)[^,.;:!?，。；()（）])*|บริษัท\s?)$/u;

// Places written like names: "Thái Lan" is Thailand, not Mr Thái.
export const PLACE_NAMES = new Set(
  "Batu Pahat|Thái Lan|Thai Lan|Han Quoc|Trung Quoc|Nhat Ban|Dai Loan|An Do|Hoa Ky|Ha Noi|Hai Phong|Hải Phòng|Da Nang|Can Tho|Sai Gon|Sài Gòn|Hồng Kông|Hàn Quốc|Trung Quốc|Nhật Bản|Ma Cao|Đài Loan|Ấn Độ|Hoa Kỳ|Lào|Hồ Chí Minh|Ho Chi Minh|Kuala Lumpur|Johor Bahru|Hong Kong|George Town|Petaling Jaya|Hat Yai|Pulau Pinang|Ang Mo Kio|Nha Trang|Cần Thơ|Đà Nẵng|Hà Nội|Mã Lai|Chiang Mai|Chiang Rai|Ho Chi Minh City|Khon Kaen|Roi Et|Udon Thani|Nakhon Ratchasima|Nakhon Pathom|Nong Khai|Surat Thani|Chon Buri|Samut Prakan|Phnom Penh|Siem Reap|Cameron Highlands|Shah Alam|Kota Kinabalu|Kota Bharu|Alor Setar|Mong Kok|Tsim Sha Tsui|Sham Shui Po|Hong Leong|Bank Rakyat|Public Bank".split(
    "|",
  ),
);

// Provinces, territories and states of the region that are given names too ("Alberta",
// "Victoria"): alone, they are places.
export const REGIONS = words(`
  Alberta Ontario Quebec Québec Manitoba Saskatchewan Yukon Nunavut Victoria Georgia Carolina
  Virginia Florida Johor Kedah Kelantan Melaka Malacca Pahang Perak Perlis Penang Pinang Sabah
  Sarawak Selangor Terengganu Labuan Putrajaya Negeri Sembilan Jakarta Java Bali Aceh
`);

// Words that start with a Chinese family name's character: 高风险 (high risk), 范围 (scope)…
export const CJK_NOT_NAMES =
  /^(?:陈述|陈列|高明|高兴|高档|高速|高手|大多|大约|多达|万一|东南|西南|东北|西北|欧盟|欧元|欧洲|向.|高风险|高额|高于|高度|高级|范围|方面|方式|方法|方案|王国|马来|马上|林业|黄金|周期|周内|周末|金额|金融|金条|钱款|石油|江湖|万元|余额|程序|程度|史上|韦|付款|付出|孔|向|任何|任务|于是|叶|白天|洪水|温度|常|关于|严重|严格|戴|武器|汤|夏季|段|雷|龙|毛|贺|顾客|顾问|包括|康|连|安全|安排|谭|陆续|邵|田|董事|袁|潘|杜|魏|吕|丁|沈|姚|卢|姜|崔|钟|汪|廖|贾|邹|孟|熊|秦|邱|尹|薛|闫|黎|郝|龚|覃|莫|庄|欧|翁|柯|辜)$/u;
