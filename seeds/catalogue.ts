// The demo catalogue of VAP SOLO (Sofia): what seeds/demo.ts writes into an empty database.
// Plain data, read by people: prices are decimal BGN incl. 20% VAT (the seed converts them to
// stotinki), dates are "days ago" so the catalogue always looks recent and `newest` sorts it.
//
// Devices follow the EU Tobacco Products Directive as a Bulgarian shop must: at most 2 ml per
// tank (TWINS 2 × 2 ml, TRIPLES 3 × 2 ml), refill bottles at most 10 ml, nicotine at most
// 20 mg/ml. A product's nicotineMgMl is its strongest variant.

import type { ProductKind } from '@domain/productKinds';

export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
  /** Slug of the parent category; absent for a top-level one. */
  parent?: string;
}

export interface DemoVariant {
  name: string;
  sku: string;
  stock: number;
  /** BGN; absent means the product's price. */
  price?: number;
  /** mg/ml; absent means the product's strength. */
  nicotineMgMl?: number;
}

export interface DemoProduct {
  name: string;
  slug: string;
  category: string;
  status?: 'active' | 'draft' | 'archived';
  price: number;
  compareAtPrice?: number;
  nicotineMgMl?: number;
  volumeMl?: number;
  featured?: boolean;
  description: string;
  seoTitle?: string;
  seoDescription?: string;
  daysAgo: number;
  variants: DemoVariant[];
  /** Choices the shopper makes, e.g. { 'Вкус 1': [...], 'Вкус 2': [...] }. */
  attributes?: Record<string, readonly string[]>;
  /** Files in seeds/images/, served as /uploads/demo/<file>. */
  images: Array<{ file: string; alt: string }>;
}

export const CATEGORIES: DemoCategory[] = [
  {
    name: 'TWINS',
    slug: 'twins',
    description: 'Устройства с две камери за вкус: избирате два вкуса и превключвате между тях с едно плъзгане.',
  },
  {
    name: 'TRIPLES',
    slug: 'triples',
    description: 'Устройства с три камери за вкус: три вкуса в едно устройство, сменяте ги с въртящ се превключвател.',
  },
  { name: 'Течности', slug: 'technosti', description: 'Течности VAP SOLO в бутилки по 10 ml, със и без никотин.' },
  { name: 'Аксесоари', slug: 'aksesoari', description: 'Кабели, калъфи и връзки за вашето VAP SOLO устройство.' },
  { name: 'TWINS Ice', slug: 'twins-ice', parent: 'twins', description: 'TWINS с охлаждащ ефект: плодови вкусове с лед и свежа мента.' },
  {
    name: 'TRIPLES Limited',
    slug: 'triples-limited',
    parent: 'triples',
    description: 'Ограничени серии TRIPLES със специален дизайн на корпуса.',
  },
  {
    name: 'Никотинови соли',
    slug: 'nikotinovi-soli',
    parent: 'technosti',
    description: 'Течности с никотинова сол: по-мек удар в гърлото при същата сила.',
  },
];

/** The flavours of the flagship products, offered in every chamber. */
export const FLAVOURS = ['Ягода', 'Диня', 'Мента', 'Манго', 'Боровинка', 'Праскова', 'Грозде', 'Лимон', 'Кола', 'Ананас'] as const;
const ICE_FLAVOURS = ['Ледена мента', 'Диня с лед', 'Боровинка с лед', 'Грозде с лед', 'Лимон с лед'] as const;
const BERRY_FLAVOURS = ['Ягода', 'Боровинка', 'Малина', 'Къпина', 'Касис'] as const;
const TROPICAL_FLAVOURS = ['Манго', 'Ананас', 'Маракуя', 'Кокос', 'Гуава'] as const;

export const FLAVOUR_ATTRIBUTES = ['Вкус 1', 'Вкус 2', 'Вкус 3'] as const;
const twoChambers = (values: readonly string[]) => ({ 'Вкус 1': values, 'Вкус 2': values });
const threeChambers = (values: readonly string[]) => ({ 'Вкус 1': values, 'Вкус 2': values, 'Вкус 3': values });

/** Nicotine-strength variants: '0 mg', '10 mg', '20 mg' with SKUs `<prefix>-<mg>`. */
function strengths(prefix: string, stock: Record<number, number>): DemoVariant[] {
  return Object.entries(stock).map(([mg, n]) => ({ name: `${mg} mg`, sku: `${prefix}-${mg}`, stock: n, nicotineMgMl: Number(mg) }));
}

const TWINS_ML = 4; // 2 × 2 ml
const TRIPLES_ML = 6; // 3 × 2 ml

/** What the products of each category are (domain/productKinds): TWINS two tanks, TRIPLES three. */
export const CATEGORY_KINDS: Record<string, { kind: ProductKind; tankCount: number }> = {
  twins: { kind: 'device', tankCount: 2 },
  'twins-ice': { kind: 'device', tankCount: 2 },
  triples: { kind: 'device', tankCount: 3 },
  'triples-limited': { kind: 'device', tankCount: 3 },
  technosti: { kind: 'liquid', tankCount: 1 },
  'nikotinovi-soli': { kind: 'liquid', tankCount: 1 },
  aksesoari: { kind: 'accessory', tankCount: 1 },
};

/** Flavour lists staff pick on a product instead of typing the flavours again. */
/** Pieces in a pack by kind: trade orders liquids by the carton of 10. */
export const PACK_SIZES: Partial<Record<ProductKind, number>> = { liquid: 10 };

/** Trade price lists: a discount off the retail net price and, for distributors, fixed
 *  net prices on the two devices they buy most (BGN, without VAT). */
export const PRICE_LISTS: Array<{ name: string; discountPercent: number; prices: Array<{ sku: string; netPrice: number }> }> = [
  { name: 'Търговци на дребно', discountPercent: 15, prices: [] },
  {
    name: 'Дистрибутори',
    discountPercent: 25,
    prices: [
      { sku: 'VS-TW-20', netPrice: 16.9 },
      { sku: 'VS-TR-20', netPrice: 19.9 },
    ],
  },
];

export const FLAVOUR_LISTS: Array<{ name: string; flavours: readonly string[] }> = [
  { name: 'Вкусове TWINS и TRIPLES', flavours: FLAVOURS },
  { name: 'Ледени вкусове', flavours: ICE_FLAVOURS },
  { name: 'Горски плодове', flavours: BERRY_FLAVOURS },
  { name: 'Тропически вкусове', flavours: TROPICAL_FLAVOURS },
];

export const PRODUCTS: DemoProduct[] = [
  // ---- TWINS ----
  {
    name: 'VAP SOLO TWINS',
    slug: 'vap-solo-twins',
    category: 'twins',
    price: 27.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    featured: true,
    daysAgo: 240,
    description:
      'VAP SOLO TWINS събира два вкуса в едно устройство: две отделни камери по 2 ml и плъзгач, с който сменяте вкуса за секунда. Изберете Вкус 1 и Вкус 2 от десет плодови и освежаващи вкуса – от ягода и диня до кола и мента. Батерията от 650 mAh се зарежда през USB-C, а тънкият алуминиев корпус се побира във всеки джоб.',
    seoTitle: 'VAP SOLO TWINS – два вкуса в едно устройство',
    seoDescription:
      'VAP SOLO TWINS: две камери по 2 ml, изберете два вкуса и превключвайте между тях. USB-C зареждане, 0, 10 или 20 mg никотин. Доставка в цяла България.',
    attributes: twoChambers(FLAVOURS),
    variants: strengths('VS-TW', { 0: 38, 10: 4, 20: 57 }),
    images: [
      { file: 'twins.svg', alt: 'VAP SOLO TWINS – устройство с две камери за вкус' },
      { file: 'twins-flavours.svg', alt: 'VAP SOLO TWINS – десетте вкуса за двете камери' },
    ],
  },
  {
    name: 'TWINS Berry Mix',
    slug: 'twins-berry-mix',
    category: 'twins',
    price: 24.9,
    compareAtPrice: 29.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    featured: true,
    daysAgo: 45,
    description:
      'TWINS Berry Mix е изданието за любителите на горски плодове: комбинирайте ягода, боровинка, малина, къпина и касис в двете камери. Плътен, сочен вкус с лека киселинка и мек дръпване. Сега на промоционална цена.',
    attributes: twoChambers(BERRY_FLAVOURS),
    variants: strengths('VS-TW-BERRY', { 0: 12, 10: 26, 20: 31 }),
    images: [{ file: 'twins-berry-mix.svg', alt: 'TWINS Berry Mix в лилаво и малиново' }],
  },
  {
    name: 'TWINS Ягода & Диня',
    slug: 'twins-yagoda-dinya',
    category: 'twins',
    price: 24.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 200,
    description:
      'Лятна класика в две камери: зряла ягода в едната и сочна диня в другата. Вкусовете са готови за вас – просто превключете, когато пожелаете промяна. Идеален избор за първо устройство TWINS.',
    variants: strengths('VS-TW-STRWM', { 10: 44, 20: 62 }),
    images: [{ file: 'twins-yagoda-dinya.svg', alt: 'TWINS Ягода & Диня' }],
  },
  {
    name: 'TWINS Манго & Праскова',
    slug: 'twins-mango-praskova',
    category: 'twins',
    price: 24.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 170,
    description:
      'Сладко манго и нежна праскова в едно устройство. Плодовият аромат е мек и закръглен, без изкуствена сладост. Подходящо за цял ден, и с 0 mg никотин.',
    variants: strengths('VS-TW-MNGP', { 0: 18, 10: 23, 20: 40 }),
    images: [{ file: 'twins-mango-praskova.svg', alt: 'TWINS Манго & Праскова' }],
  },
  {
    name: 'TWINS Кола & Лимон',
    slug: 'twins-kola-limon',
    category: 'twins',
    price: 24.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 130,
    description:
      'Газирана кола в едната камера и свеж лимон в другата – или и двете една след друга за вкус на кола с лимон. Енергично, леко кисело и разпознаваемо от първото дръпване.',
    variants: strengths('VS-TW-COLA', { 10: 15, 20: 28 }),
    images: [{ file: 'twins-kola-limon.svg', alt: 'TWINS Кола & Лимон' }],
  },
  {
    name: 'TWINS Грозде & Мента',
    slug: 'twins-grozde-menta',
    category: 'twins',
    price: 24.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 100,
    description:
      'Тъмно грозде и прохладна мента: сладкото и свежото в едно устройство. Ментата освежава след плодовия вкус, а гроздето остава наситено до последната капка.',
    variants: strengths('VS-TW-GRPM', { 10: 0, 20: 19 }),
    images: [{ file: 'twins-grozde-menta.svg', alt: 'TWINS Грозде & Мента' }],
  },
  {
    name: 'TWINS Black Edition',
    slug: 'twins-black-edition',
    category: 'twins',
    price: 29.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 20,
    description:
      'TWINS в матово черен корпус с гравирано лого и тъмни прозорци на камерите. Изберете свободно двата си вкуса от цялата гама на VAP SOLO. Същата батерия от 650 mAh и USB-C зареждане, в по-изискан вид.',
    attributes: twoChambers(FLAVOURS),
    variants: strengths('VS-TW-BLK', { 10: 9, 20: 14 }),
    images: [{ file: 'twins-black-edition.svg', alt: 'TWINS Black Edition в матово черно' }],
  },

  // ---- TWINS Ice ----
  {
    name: 'TWINS Ice Edition',
    slug: 'twins-ice-edition',
    category: 'twins-ice',
    price: 27.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    featured: true,
    daysAgo: 30,
    description:
      'TWINS Ice Edition е за онези, които обичат прохладата: всеки вкус идва с охлаждащ ефект. Изберете два от петте ледени вкуса – ледена мента, диня, боровинка, грозде или лимон с лед. Корпусът е в матово бяло с ледено синьо.',
    attributes: twoChambers(ICE_FLAVOURS),
    variants: strengths('VS-TW-ICE', { 0: 7, 10: 33, 20: 48 }),
    images: [{ file: 'twins-ice-edition.svg', alt: 'TWINS Ice Edition в бяло и ледено синьо' }],
  },
  {
    name: 'TWINS Диня с лед & Мента',
    slug: 'twins-dinya-s-led-menta',
    category: 'twins-ice',
    price: 25.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 75,
    description:
      'Сочна диня с лед и чиста мента – най-освежаващата двойка в гамата TWINS. Чудесна за горещите летни дни в София и на морето.',
    variants: strengths('VS-TW-WMICE', { 10: 21, 20: 37 }),
    images: [{ file: 'twins-dinya-s-led-menta.svg', alt: 'TWINS Диня с лед & Мента' }],
  },
  {
    name: 'TWINS Боровинка с лед & Лимон',
    slug: 'twins-borovinka-s-led-limon',
    category: 'twins-ice',
    price: 25.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 60,
    description: 'Боровинка с лед в едната камера и кисел лимон в другата. Сладко, кисело и студено – в хармония, която не омръзва.',
    variants: strengths('VS-TW-BLICE', { 10: 3, 20: 26 }),
    images: [{ file: 'twins-borovinka-s-led-limon.svg', alt: 'TWINS Боровинка с лед & Лимон' }],
  },

  // ---- TRIPLES ----
  {
    name: 'VAP SOLO TRIPLES',
    slug: 'vap-solo-triples',
    category: 'triples',
    price: 34.9,
    compareAtPrice: 39.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    featured: true,
    daysAgo: 230,
    description:
      'VAP SOLO TRIPLES носи три вкуса в едно устройство: три камери по 2 ml и въртящ се превключвател с ясно щракване. Изберете Вкус 1, Вкус 2 и Вкус 3 от десет вкуса и сменяйте настроението си, когато пожелаете. Батерия от 800 mAh с USB-C зареждане и индикатор за заряд.',
    seoTitle: 'VAP SOLO TRIPLES – три вкуса в едно устройство',
    seoDescription:
      'VAP SOLO TRIPLES: три камери по 2 ml, изберете три вкуса и превключвайте с едно завъртане. 0, 10 или 20 mg никотин. Промоционална цена.',
    attributes: threeChambers(FLAVOURS),
    variants: strengths('VS-TR', { 0: 22, 10: 0, 20: 3 }),
    images: [
      { file: 'triples.svg', alt: 'VAP SOLO TRIPLES – устройство с три камери за вкус' },
      { file: 'triples-flavours.svg', alt: 'VAP SOLO TRIPLES – десетте вкуса за трите камери' },
    ],
  },
  {
    name: 'TRIPLES Tropical',
    slug: 'triples-tropical',
    category: 'triples',
    price: 36.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    featured: true,
    daysAgo: 15,
    description:
      'Три тропически вкуса по ваш избор: манго, ананас, маракуя, кокос и гуава. Сладки, ароматни и слънчеви – ваканция във всяко дръпване. Корпусът е в топъл коралов цвят.',
    attributes: threeChambers(TROPICAL_FLAVOURS),
    variants: strengths('VS-TR-TROP', { 0: 10, 10: 24, 20: 35 }),
    images: [{ file: 'triples-tropical.svg', alt: 'TRIPLES Tropical в коралово' }],
  },
  {
    name: 'TRIPLES Berry Trio',
    slug: 'triples-berry-trio',
    category: 'triples',
    price: 34.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 150,
    description: 'Ягода, малина и боровинка в три камери. Трите горски вкуса са подбрани да се допълват – от сладко към леко кисело.',
    variants: strengths('VS-TR-BERRY', { 10: 17, 20: 29 }),
    images: [{ file: 'triples-berry-trio.svg', alt: 'TRIPLES Berry Trio – ягода, малина и боровинка' }],
  },
  {
    name: 'TRIPLES Fresh',
    slug: 'triples-fresh',
    category: 'triples',
    price: 34.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 110,
    description: 'Мента, лимон и ананас: трио за свежест през целия ден. Започнете с ментата, продължете с лимона и завършете с ананаса.',
    variants: strengths('VS-TR-FRESH', { 0: 8, 10: 14, 20: 22 }),
    images: [{ file: 'triples-fresh.svg', alt: 'TRIPLES Fresh – мента, лимон и ананас' }],
  },
  {
    name: 'TRIPLES Summer Fruits',
    slug: 'triples-summer-fruits',
    category: 'triples',
    price: 35.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 90,
    description: 'Праскова, грозде и диня – вкусът на българското лято в едно устройство. Сочни плодове без прекалена сладост.',
    variants: strengths('VS-TR-SUMMER', { 10: 25, 20: 5 }),
    images: [{ file: 'triples-summer-fruits.svg', alt: 'TRIPLES Summer Fruits – праскова, грозде и диня' }],
  },
  {
    name: 'TRIPLES Dessert',
    slug: 'triples-dessert',
    category: 'triples',
    price: 36.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 50,
    description: 'Ванилия, карамел и кафе за сладкоежките. Топли, кремообразни вкусове, които вървят чудесно с кафето сутрин.',
    variants: strengths('VS-TR-DESSERT', { 10: 11, 20: 16 }),
    images: [{ file: 'triples-dessert.svg', alt: 'TRIPLES Dessert – ванилия, карамел и кафе' }],
  },

  // ---- TRIPLES Limited ----
  {
    name: 'TRIPLES Gold Limited',
    slug: 'triples-gold-limited',
    category: 'triples-limited',
    price: 39.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    featured: true,
    daysAgo: 10,
    description:
      'Ограничена серия TRIPLES в златист анодиран корпус, номерирана и в подаръчна кутия. В трите камери: манго, ананас и праскова. Подходящ подарък за ценителя.',
    variants: strengths('VS-TR-GOLD', { 10: 5, 20: 12 }),
    images: [
      { file: 'triples-gold-limited.svg', alt: 'TRIPLES Gold Limited в златист корпус' },
      { file: 'triples-gold-box.svg', alt: 'TRIPLES Gold Limited в подаръчна кутия' },
    ],
  },
  {
    name: 'TRIPLES Neon Limited',
    slug: 'triples-neon-limited',
    category: 'triples-limited',
    price: 39.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 5,
    description: 'Неонови камери, които светят в тъмното, в черен корпус. Вкусове: кола, лимон и малина. Ограничено количество.',
    variants: strengths('VS-TR-NEON', { 10: 13, 20: 9 }),
    images: [{ file: 'triples-neon-limited.svg', alt: 'TRIPLES Neon Limited с неонови камери' }],
  },

  // ---- Течности (10 ml) ----
  {
    name: 'Течност VAP SOLO Ягода 10 ml',
    slug: 'technost-yagoda-10-ml',
    category: 'technosti',
    price: 9.9,
    nicotineMgMl: 12,
    volumeMl: 10,
    daysAgo: 210,
    description:
      'Течност с вкус на зряла ягода в бутилка от 10 ml с тънък накрайник за лесно пълнене. Съотношение 50/50 PG/VG, подходяща за повечето устройства с пълнене.',
    variants: strengths('VS-LQ-STR', { 0: 40, 3: 35, 6: 28, 12: 17 }),
    images: [{ file: 'liquid-yagoda.svg', alt: 'Течност VAP SOLO Ягода, 10 ml' }],
  },
  {
    name: 'Течност VAP SOLO Диня с лед 10 ml',
    slug: 'technost-dinya-s-led-10-ml',
    category: 'technosti',
    price: 9.9,
    nicotineMgMl: 12,
    volumeMl: 10,
    daysAgo: 180,
    description: 'Освежаваща диня с лек охлаждащ ефект, в бутилка от 10 ml. Съотношение 50/50 PG/VG, чист и ясен вкус.',
    variants: strengths('VS-LQ-WMICE', { 0: 22, 3: 30, 6: 4, 12: 12 }),
    images: [{ file: 'liquid-dinya.svg', alt: 'Течност VAP SOLO Диня с лед, 10 ml' }],
  },
  {
    name: 'Течност VAP SOLO Мента 10 ml',
    slug: 'technost-menta-10-ml',
    category: 'technosti',
    price: 9.9,
    nicotineMgMl: 12,
    volumeMl: 10,
    daysAgo: 160,
    description: 'Чиста, прохладна мента за свеж дъх след всяко дръпване. Бутилка от 10 ml, 50/50 PG/VG.',
    variants: strengths('VS-LQ-MINT', { 0: 26, 3: 31, 6: 20, 12: 15 }),
    images: [{ file: 'liquid-menta.svg', alt: 'Течност VAP SOLO Мента, 10 ml' }],
  },
  {
    name: 'Течност VAP SOLO Манго 10 ml',
    slug: 'technost-mango-10-ml',
    category: 'technosti',
    price: 9.9,
    nicotineMgMl: 12,
    volumeMl: 10,
    featured: true,
    daysAgo: 120,
    description: 'Наситен вкус на узряло манго с тропически аромат. Бутилка от 10 ml с детска защита на капачката, 50/50 PG/VG.',
    variants: strengths('VS-LQ-MANGO', { 0: 18, 3: 24, 6: 27, 12: 21 }),
    images: [{ file: 'liquid-mango.svg', alt: 'Течност VAP SOLO Манго, 10 ml' }],
  },
  {
    name: 'Течност VAP SOLO Кола & Лимон 10 ml',
    slug: 'technost-kola-limon-10-ml',
    category: 'technosti',
    price: 9.9,
    nicotineMgMl: 12,
    volumeMl: 10,
    daysAgo: 80,
    description: 'Класическа кола с резенче лимон, в бутилка от 10 ml. Леко газиран усет и цитрусов завършек, 50/50 PG/VG.',
    variants: strengths('VS-LQ-COLA', { 0: 14, 3: 19, 6: 16, 12: 2 }),
    images: [{ file: 'liquid-kola.svg', alt: 'Течност VAP SOLO Кола & Лимон, 10 ml' }],
  },

  // ---- Никотинови соли ----
  {
    name: 'Солева течност VAP SOLO Боровинка 10 ml',
    slug: 'soleva-technost-borovinka-10-ml',
    category: 'nikotinovi-soli',
    price: 11.9,
    nicotineMgMl: 20,
    volumeMl: 10,
    daysAgo: 140,
    description:
      'Течност с никотинова сол и вкус на сочна боровинка. Солта дава по-мек удар в гърлото и бързо задоволяване, подходяща е за устройства с ниска мощност. Бутилка от 10 ml, 50/50 PG/VG.',
    variants: strengths('VS-SALT-BLUE', { 10: 29, 20: 33 }),
    images: [{ file: 'salt-borovinka.svg', alt: 'Солева течност VAP SOLO Боровинка, 10 ml' }],
  },
  {
    name: 'Солева течност VAP SOLO Грозде 10 ml',
    slug: 'soleva-technost-grozde-10-ml',
    category: 'nikotinovi-soli',
    price: 11.9,
    nicotineMgMl: 20,
    volumeMl: 10,
    daysAgo: 35,
    description:
      'Никотинова сол с вкус на тъмно грозде. Мек и плътен вкус, подходящ за устройства с пълнене и ниска мощност. Бутилка от 10 ml.',
    variants: strengths('VS-SALT-GRAPE', { 10: 20, 20: 4 }),
    images: [{ file: 'salt-grozde.svg', alt: 'Солева течност VAP SOLO Грозде, 10 ml' }],
  },

  // ---- Аксесоари ----
  {
    name: 'USB-C кабел за зареждане',
    slug: 'usb-c-kabel-za-zarezhdane',
    category: 'aksesoari',
    price: 7.9,
    daysAgo: 220,
    description:
      'Оплетен USB-C кабел за бързо зареждане на TWINS и TRIPLES. Подсилени накрайници, които издържат на ежедневна употреба. Предлага се с дължина 1 м и 2 м.',
    variants: [
      { name: '1 м', sku: 'VS-AC-CBL-1M', stock: 85 },
      { name: '2 м', sku: 'VS-AC-CBL-2M', stock: 34, price: 9.9 },
    ],
    images: [{ file: 'usb-c-kabel.svg', alt: 'Оплетен USB-C кабел VAP SOLO' }],
  },
  {
    name: 'Силиконов калъф за TWINS',
    slug: 'silikonov-kalaf-za-twins',
    category: 'aksesoari',
    price: 9.9,
    daysAgo: 190,
    description:
      'Мек силиконов калъф, прилепнал точно по корпуса на TWINS. Пази от драскотини и изпускане, без да закрива прозорците на камерите.',
    variants: [
      { name: 'Черен', sku: 'VS-AC-CASE-TW-BLK', stock: 46 },
      { name: 'Лилав', sku: 'VS-AC-CASE-TW-PRP', stock: 5 },
      { name: 'Прозрачен', sku: 'VS-AC-CASE-TW-CLR', stock: 27 },
    ],
    images: [{ file: 'kalaf-twins.svg', alt: 'Силиконов калъф за TWINS' }],
  },
  {
    name: 'Силиконов калъф за TRIPLES',
    slug: 'silikonov-kalaf-za-triples',
    category: 'aksesoari',
    price: 9.9,
    daysAgo: 185,
    description: 'Силиконов калъф за TRIPLES с изрези за трите камери и превключвателя. Приятен на допир и лесен за почистване.',
    variants: [
      { name: 'Черен', sku: 'VS-AC-CASE-TR-BLK', stock: 31 },
      { name: 'Мента', sku: 'VS-AC-CASE-TR-MNT', stock: 18 },
    ],
    images: [{ file: 'kalaf-triples.svg', alt: 'Силиконов калъф за TRIPLES' }],
  },
  {
    name: 'Връзка за врат VAP SOLO',
    slug: 'vrazka-za-vrat-vap-solo',
    category: 'aksesoari',
    price: 6.9,
    daysAgo: 150,
    description:
      'Текстилна връзка за врат със силиконов пръстен, който държи устройството сигурно. Винаги под ръка – на концерт, на път или в планината.',
    variants: [
      { name: 'Черна', sku: 'VS-AC-LAN-BLK', stock: 64 },
      { name: 'Лилава', sku: 'VS-AC-LAN-PRP', stock: 38 },
    ],
    images: [{ file: 'vrazka-za-vrat.svg', alt: 'Връзка за врат VAP SOLO' }],
  },
  {
    name: 'Калъф за носене с цип',
    slug: 'kalaf-za-nosene-s-tsip',
    category: 'aksesoari',
    price: 14.9,
    daysAgo: 65,
    description: 'Твърд калъф с цип за устройство, резервна течност и кабел. Мека подплата отвътре и карабинер за раница или колан.',
    variants: [{ name: 'Графит', sku: 'VS-AC-POUCH', stock: 23 }],
    images: [{ file: 'kalaf-s-tsip.svg', alt: 'Калъф за носене с цип' }],
  },

  // ---- not on sale: for the admin ----
  {
    name: 'TRIPLES Winter Limited',
    slug: 'triples-winter-limited',
    category: 'triples-limited',
    status: 'draft',
    price: 39.9,
    nicotineMgMl: 20,
    volumeMl: TRIPLES_ML,
    daysAgo: 2,
    description: 'Зимната ограничена серия: канела, ябълка и горещ шоколад в корпус с цвят на скреж. Очаквайте я скоро.',
    variants: strengths('VS-TR-WINTER', { 10: 0, 20: 0 }),
    images: [{ file: 'triples-winter-limited.svg', alt: 'TRIPLES Winter Limited' }],
  },
  {
    name: 'TWINS Кафе & Сметана',
    slug: 'twins-kafe-smetana',
    category: 'twins',
    status: 'draft',
    price: 26.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 4,
    description: 'Еспресо в едната камера и сладка сметана в другата. Подготвя се за пускане в продажба.',
    variants: strengths('VS-TW-COFFEE', { 10: 0, 20: 0 }),
    images: [{ file: 'twins-kafe-smetana.svg', alt: 'TWINS Кафе & Сметана' }],
  },
  {
    name: 'TWINS Classic Тютюн',
    slug: 'twins-classic-tyutyun',
    category: 'twins',
    status: 'archived',
    price: 22.9,
    nicotineMgMl: 20,
    volumeMl: TWINS_ML,
    daysAgo: 300,
    description: 'Класически тютюн и тютюн с ванилия в две камери. Изданието е спряно от производство и вече не се предлага.',
    variants: strengths('VS-TW-TOB', { 20: 0 }),
    images: [{ file: 'twins-classic-tyutyun.svg', alt: 'TWINS Classic Тютюн' }],
  },
];

/** Demo customers. They all sign in with the password DEMO_CUSTOMER_PASSWORD. */
export const DEMO_CUSTOMER_PASSWORD = 'demo-parola-1';

export const CUSTOMERS = [
  { firstName: 'Мария', lastName: 'Иванова', email: 'maria.ivanova@example.bg', phone: '+359888123456', daysAgo: 200 },
  { firstName: 'Георги', lastName: 'Петров', email: 'georgi.petrov@example.bg', phone: '+359877234567', daysAgo: 150 },
  { firstName: 'Елена', lastName: 'Димитрова', email: 'elena.dimitrova@example.bg', phone: '+359899345678', daysAgo: 95 },
  { firstName: 'Николай', lastName: 'Стоянов', email: 'nikolay.stoyanov@example.bg', phone: '+359886456789', daysAgo: 40 },
  { firstName: 'Десислава', lastName: 'Георгиева', email: 'desislava.georgieva@example.bg', phone: '+359878567890', daysAgo: 12 },
];
