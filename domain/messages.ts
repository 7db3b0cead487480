// Every text a person reads in an answer or a toast, kept once. The server answers in
// Bulgarian; the storefront and the admin show the server's `message` when there is one and
// fall back to these defaults (fixed wording, kept word for word).

import {
  ADMIN_PASSWORD_MIN,
  CART_LINES_MAX,
  IMAGE_MAX_INPUT_PIXELS,
  IMPORT_MAX_MB,
  IMPORT_ROWS_MAX,
  PASSWORD_MIN,
  PERSONALIZATION_MAX,
  UPLOAD_MAX_MB,
} from './limits';

/** The storefront's fixed texts (toasts and errors of sign-in, registration and the cart), word for word. */
export const STOREFRONT = {
  loginOk: 'Вписахте се успешно.',
  registerOk: 'Регистрацията бе успешна.',
  logoutOk: 'Изходът бе успешен.',
  loginFailed: 'Влизането не бе успешно.',
  registerFailed: 'Регистрацията не бе успешна.',
  logoutFailed: 'Изходът не бе успешен.',
  categoriesLoadFailed: 'Неуспешно зареждане на категориите.',
  cartLoadFailed: 'Неуспешно зареждане на количката от сървъра.',
  cartEditFailed: 'Неуспешно редактиране на продукта в количката.',
  cartRemoveFailed: 'Неуспешно премахване на продукта от количката.',
  cartClearFailed: 'Неуспешно изчистване на количката.',
  cartAddFailed: 'Failed to add the product to the cart.',
  addedToCart: 'Продуктът е добавен в количката!',
  addedToCartOk: 'Продуктът е добавен успешно в количката.',
  cartEdited: 'Продуктът е редактиран успешно в количката.',
  cartRemoved: 'Продуктът е премахнат успешно от количката.',
  cartCleared: 'Количката е изчистена успешно.',
  orderFailed: 'Поръчката е неуспешна',
  errorScreen: 'Something went wrong.',
  tryAgain: 'Try Again',
} as const;

/** The storefront's own form hints. */
export const FORM = {
  invalidEmail: 'Въведете валиден имейл адрес.',
  /** A money field that cannot be read for certain (admin inputs and the API alike). */
  invalidMoney: 'Въведете сума, напр. 29,90',
  /** A date field (admin) that does not hold a real calendar day. */
  invalidDate: 'Невалидна дата. Въведете дд.мм.гггг, напр. 31.12.2026',
  invalidDateTime: 'Невалидна дата или час. Въведете дд.мм.гггг чч:мм, напр. 31.12.2026 18:30',
  invalidMonth: 'Невалиден месец. Въведете мм.гггг, напр. 11.2026',
} as const;

/** Field texts of the shared input rules (domain/schemas): the API answers them and the forms
 *  show them before sending. */
export const FIELD = {
  phoneInvalid: 'Въведете валиден телефонен номер.',
  postcodeInvalid: 'Пощенският код е 4 цифри.',
  discountCodeInvalid: 'Кодът съдържа само букви, цифри, тире и долна черта.',
  ibanInvalid: 'Невалиден IBAN.',
  bicInvalid: 'Невалиден BIC.',
  econtOfficeCodeInvalid: 'Кодът на офиса е от букви и цифри.',
  speedyOfficeIdInvalid: 'Номерът на офиса на Спиди е от цифри.',
  firstNameMissing: 'Въведете име.',
  lastNameMissing: 'Въведете фамилия.',
  cityMissing: 'Въведете град.',
  addressMissing: 'Въведете адрес за доставка.',
  officeMissing: 'Посочете офис за доставка.',
  invoiceCompanyMissing: 'Въведете името на фирмата.',
  invoiceMolMissing: 'Въведете МОЛ.',
  invoiceAddressMissing: 'Въведете адреса по регистрация.',
} as const;

/** The storefront's cart and catalogue texts beyond the fixed ones above. */
export const SHOP = {
  /** Above the grid of a search: what it found, for what was typed. */
  resultsFor: (query: string, total: number) => `${total === 1 ? '1 продукт' : `${total} продукта`} за „${query}“`,
  /** A guest's cookie cannot hold one more line (the browser would silently drop it). */
  guestCartFull:
    'Количката на този браузър е пълна и продуктът не беше добавен. Влезте в профила си – там количката няма такова ограничение.',
  /** Next to a quantity that reached what is in stock. */
  inStock: (n: number) => `Налични: ${n} бр.`,
  /** All of a variant's stock is already in the cart. */
  allInCart: (n: number) => `Всички налични бройки (${n}) вече са в количката.`,
  /** A cart line that wants more than is now in stock. */
  stockFell: (n: number) =>
    n > 0 ? `Наличността намаля: налични ${n} бр. Намалете количеството.` : 'Продуктът е изчерпан. Премахнете го, за да продължите.',
  productsLoadFailed: 'Неуспешно зареждане на продуктите.',
  retry: 'Опитайте отново',
  noSuchPage: (page: number, last: number) =>
    `Страница ${page} не съществува – продуктите са на ${last} ${last === 1 ? 'страница' : 'страници'}.`,
  errorScreenBg: 'Нещо се обърка.',
  tryAgainBg: 'Опитайте отново',
} as const;

/** Product kinds, the tobacco directive's limits on them, flavour lists and duplicates
 * : the same words from the server's field errors and the admin's form checks. */
export const CATALOGUE = {
  nicotineTooStrong: (max: number) => `Никотинът може да е най-много ${max} mg/ml (Директива 2014/40/ЕС).`,
  variantNicotineTooStrong: (mg: number, max: number) => `Вариантът обявява ${mg} mg никотин – позволени са най-много ${max} mg/ml.`,
  liquidContainerTooBig: (max: number) => `Течност с никотин се продава в опаковка от най-много ${max} ml.`,
  tankTooBig: (max: number, perTank: number) =>
    `Резервоар или патрон побира най-много ${max} ml, а тук са ${String(perTank).replace('.', ',')} ml на резервоар. Намалете обема или посочете повече резервоари.`,
  flavourListNotFound: 'Списъкът с вкусове не е намерен.',
  flavourListNameTaken: 'Вече има списък с вкусове с това име.',
  flavourListEmpty: 'Добавете поне един вкус.',
  flavourTwice: (value: string) => `Вкусът „${value}“ е два пъти в списъка.`,
  flavourListCreated: 'Списъкът с вкусове е създаден.',
  flavourListUpdated: 'Списъкът с вкусове е запазен.',
  flavourListDeleted: 'Списъкът с вкусове е изтрит.',
  productDuplicated: 'Създадено е копие на продукта като чернова.',
  copySuffix: ' (копие)',
} as const;

/** Texts the API puts in `message` (and in `errors.<field>`). */
export const API = {
  // generic refusals
  invalidJson: 'Невалидно тяло на заявката (JSON).',
  bodyUnreadable: 'Тялото на заявката не може да бъде прочетено (повредено или непълно компресиране).',
  bodyEncodingUnsupported: 'Неподдържано компресиране на тялото на заявката (Content-Encoding).',
  bodyCharsetUnsupported: 'Неподдържана кодова таблица на тялото на заявката (използвайте UTF-8).',
  singleLine: 'Полето трябва да е на един ред (без нов ред).',
  invalidInput: 'Невалидни данни. Проверете полетата.',
  unknownField: 'Непознато поле.',
  required: 'Полето е задължително.',
  invalidValue: 'Невалидна стойност.',
  mustBeNumber: 'Трябва да е число.',
  mustBeInteger: 'Трябва да е цяло число.',
  invalidMoney: FORM.invalidMoney,
  mustBeText: 'Трябва да е текст.',
  mustBeBoolean: 'Трябва да е да/не (true/false).',
  mustBeList: 'Трябва да е списък.',
  mustBeObject: 'Трябва да е обект.',
  tooLong: (max: number) => `Най-много ${max} знака.`,
  tooShort: (min: number) => `Най-малко ${min} знака.`,
  atLeast: (min: number) => `Стойността трябва да е поне ${min}.`,
  atMost: (max: number) => `Стойността трябва да е най-много ${max}.`,
  oneOf: (values: readonly string[]) => `Позволени стойности: ${values.join(', ')}.`,
  invalidEmail: 'Невалиден имейл адрес.',
  invalidDate: 'Невалидна дата.',
  invalidSort: 'Невалидно поле за сортиране.',
  invalidFilter: 'Невалиден филтър.',
  invalidRange: 'Невалиден диапазон за страниране.',
  invalidId: 'Невалиден идентификатор.',
  payloadTooLarge: 'Заявката е твърде голяма.',
  notFound: 'Не е намерено.',
  routeNotFound: 'Няма такъв адрес в API.',
  methodNotAllowed: 'Този метод не е позволен за този адрес.',
  serverError: 'Възникна грешка на сървъра. Опитайте отново.',
  conflict: 'Конфликт с текущите данни.',
  // A save made from a copy someone else has changed since (the record's version moved on).
  staleEdit: (who: string, date: string, time: string) =>
    `Записът е променен от ${who} на ${date} в ${time}, след като го отворихте. Презаредете, за да видите промените.`,
  staleEditUnknownTime: (who: string) => `Записът е променен от ${who}, след като го отворихте. Презаредете, за да видите промените.`,
  anotherStaffMember: 'друг служител',
  referencedElsewhere: 'Записът се използва другаде и не може да бъде изтрит.',

  // auth
  notSignedIn: 'Моля, влезте в профила си.',
  forbidden: 'Нямате права за това действие.',
  adminsOnly: 'Достъпът е само за администратори.',
  csrfInvalid: 'Невалиден или липсващ CSRF токен. Презаредете страницата и опитайте отново.',
  invalidToken: 'Невалиден или отменен API токен.',
  tokenExpired: 'API токенът е изтекъл. Създайте нов от профила си.',
  tokenNeedsTwoFactor:
    'За администраторите двуфакторното удостоверяване е задължително: включете го, за да създавате и използвате API токени.',
  tooManyRegistrations: 'Твърде много регистрации от този адрес. Опитайте отново след няколко минути.',
  twoFactorTooManyFailures: 'Твърде много грешни кодове. Входът в профила е спрян за 15 минути; изпратихме имейл на собственика.',
  tooManyCodeChecks: 'Твърде много проверки на кодове за отстъпка. Опитайте отново след минута.',
  wrongCredentials: 'Грешен имейл или парола.',
  tooManyAttempts: 'Твърде много неуспешни опити. Опитайте отново след няколко минути.',
  emailTaken: 'Вече има профил с този имейл адрес.',
  passwordTooShort: `Паролата трябва да е поне ${PASSWORD_MIN} знака.`,
  loginOk: 'Вписахте се успешно.',
  registerOk: 'Регистрацията бе успешна.',
  logoutOk: 'Изходът бе успешен.',
  tokenCreated: 'API токенът е създаден. Копирайте го сега: няма да бъде показан отново.',
  tokenRevoked: 'API токенът е отменен.',
  resetRequested: 'Ако има профил с този имейл, изпратихме връзка за нова парола. Проверете пощата си.',
  resetLinkInvalid: 'Връзката за нова парола е невалидна или е изтекла. Поискайте нова.',
  passwordReset: 'Паролата е сменена. Влезте с новата парола. Всички сесии и лични API токени на профила са прекратени.',
  passwordChanged: 'Паролата е сменена. Излязохте от другите устройства, а личните API токени на профила са отменени.',
  wrongCurrentPassword: 'Текущата парола е грешна.',
  twoFactorRequired: 'Въведете кода от приложението за удостоверяване.',
  twoFactorWrongCode: 'Грешен код. Опитайте отново.',
  twoFactorExpired: 'Входът изтече. Въведете имейла и паролата отново.',
  twoFactorSetupFirst: 'Първо започнете настройката на двуфакторното удостоверяване.',
  twoFactorAlreadyOn: 'Двуфакторното удостоверяване вече е включено.',
  twoFactorAlreadyOff: 'Двуфакторното удостоверяване не е включено.',
  twoFactorEnabled: 'Двуфакторното удостоверяване е включено. Запазете резервните кодове на сигурно място.',
  twoFactorDisabled: 'Двуфакторното удостоверяване е изключено. Личните API токени на профила са отменени.',
  twoFactorMandatory: 'За администраторите двуфакторното удостоверяване е задължително. Включете го от профила си.',
  tokensRevokedNote: 'Смяната или нулирането на паролата и изключването на двуфакторното удостоверяване отменят всички лични API токени.',

  // users
  userNotFound: 'Потребителят не е намерен.',
  userCreated: 'Потребителят е създаден успешно.',
  userUpdated: 'Потребителят е обновен успешно.',
  userDeleted: 'Потребителят е изтрит успешно.',
  cannotDeleteSelf: 'Не можете да изтриете собствения си профил.',
  cannotDemoteSelf: 'Не можете да премахнете собствените си администраторски права.',
  adminAdded: 'Администраторът е добавен успешно.',
  adminRemoved: 'Администраторските права са премахнати.',

  // categories
  categoryNotFound: 'Категорията не е намерена.',
  categoryCreated: 'Категорията е създадена успешно.',
  categoryUpdated: 'Категорията е актуализирана успешно.',
  categoryDeleted: 'Категорията е изтрита успешно.',
  categoryHasProducts: 'Категорията има продукти и не може да бъде изтрита.',
  categoryHasChildren: 'Категорията има подкатегории и не може да бъде изтрита.',
  categoryCycle: 'Категорията не може да бъде подкатегория на себе си или на своя подкатегория.',
  parentNotFound: 'Родителската категория не съществува.',
  slugTaken: 'Този адрес (slug) вече се използва.',

  // products
  productNotFound: 'Продуктът не е намерен.',
  productCreated: 'Продуктът е създаден успешно.',
  productUpdated: 'Продуктът е актуализиран успешно.',
  productDeleted: 'Продуктът е изтрит успешно.',
  productStatusUpdated: (status: string) => `Статусът на продукта е променен на ${status}.`,
  skuTaken: 'Този SKU вече се използва.',
  variantNotFound: 'Вариантът не е намерен.',
  duplicateSku: 'Два варианта имат един и същ SKU.',
  personalizationTooLong: `Персонализацията е най-много ${PERSONALIZATION_MAX} знака.`,

  // cart and checkout
  productUnavailable: 'Продуктът не е наличен.',
  chooseVariant: 'Изберете вариант.',
  variantMismatch: 'Вариантът не принадлежи на този продукт.',
  attributeMismatch: 'Стойността не принадлежи на тази характеристика.',
  attributeNotOffered: 'Тази стойност не се предлага за продукта.',
  attributeTwice: 'Характеристиката е избрана повече от веднъж.',
  notEnoughStock: (product: string, available: number) =>
    available > 0 ? `Няма достатъчна наличност от „${product}“. Налични: ${available} бр.` : `„${product}“ е изчерпан.`,
  cartItemNotFound: 'Продуктът не е в количката.',
  cartEmpty: 'Количката е празна.',
  cartTooManyLines: `В количката може да има най-много ${CART_LINES_MAX} различни продукта.`,

  // cart (server answers): the fixed storefront texts, kept once in STOREFRONT above.
  cartAdded: STOREFRONT.addedToCartOk,
  cartEdited: STOREFRONT.cartEdited,
  cartRemoved: STOREFRONT.cartRemoved,
  cartCleared: STOREFRONT.cartCleared,

  // orders
  orderCreated: 'Поръчката е приета успешно.',
  orderNotFound: 'Поръчката не е намерена.',
  orderUpdated: 'Поръчката е актуализирана успешно.',
  orderDeleted: 'Поръчката е изтрита успешно.',
  transitionRefused: (from: string, to: string) => `Поръчка със статус „${from}“ не може да премине в „${to}“.`,
  ageRequired: 'Потвърдете, че сте навършили 18 години.',
  termsRequired: 'Приемете общите условия, за да поръчате.',
  withdrawalWindowClosed: 'Срокът от 14 дни за отказ от поръчката е изтекъл.',
  withdrawalNotPossible: 'Тази поръчка не може да бъде оттеглена.',
  withdrawalAccepted: 'Отказът от поръчката е приет.',
  cancellationAccepted: 'Поръчката е отказана.',
  alreadyWithdrawn: 'Вече сте се отказали от тази поръчка.',
  withdrawalAcknowledgement: (number: string, when: string) =>
    `Получихме отказа Ви от поръчка ${number} на ${when}. Върнете стоката в 14 дни; ще възстановим сумата до 14 дни след получаването ѝ.`,
  cancellationAcknowledgement: (number: string, when: string) =>
    `Поръчка ${number} е отказана на ${when}. Ако сте платили, ще възстановим сумата.`,

  // the one price quote, and the shop's currency of account
  totalChanged: (total: string) => `Сумата на поръчката се промени и вече е ${total}. Прегледайте новата сума и поръчайте отново.`,
  euroSwitched: 'Магазинът премина към евро. Всички цени са преизчислени по курс 1,95583 лв. за 1 €.',
  euroAlready: 'Магазинът вече е в евро. Преминаването става само веднъж.',
  currencyBySwitchOnly: 'Валутата се сменя само с бутона „Преминаване към евро“.',

  // payments
  paymentNotFound: 'Плащането не е намерено.',
  paymentUpdated: 'Плащането е актуализирано.',
  paymentRecorded: 'Плащането е записано.',
  paymentTransitionRefused: (from: string, to: string) => `Плащане със статус „${from}“ не може да премине в „${to}“.`,
  refundAmountInvalid: (max: string) => `Сумата за възстановяване трябва да е над 0 и най-много ${max}.`,
  partialRefundNote: (amount: string) => `Частично възстановени ${amount}`,
  stockBack: 'Наличността е върната.',
  customerNotFound: 'Клиентът не е намерен.',
  stockSaved: 'Наличността е запазена.',
  stockAdjusted: 'Наличността е коригирана.',
  stockWouldGoNegative: (available: number) => `Наличността не може да падне под нула (налични: ${available} бр.).`,
  stockDeltaZero: 'Въведете промяна, различна от нула.',
  takenByPhone: (staff: string) => `Приета по телефона от ${staff}`,

  // discounts
  discountInvalid: 'Невалиден код за отстъпка.',
  discountInactive: 'Кодът за отстъпка не е активен.',
  discountNotStarted: 'Кодът за отстъпка все още не е валиден.',
  discountExpired: 'Кодът за отстъпка е изтекъл.',
  discountUsedUp: 'Кодът за отстъпка е изчерпан.',
  discountPerCustomer: 'Вече сте използвали този код за отстъпка.',
  // The amount may end in a dot ("50,00 лв."): the sentence then needs no second one.
  discountMinSubtotal: (min: string) => `Кодът важи за поръчки над ${min}${min.endsWith('.') ? '' : '.'}`,
  discountApplied: 'Кодът за отстъпка е приложен.',
  discountCodeTaken: 'Вече има код за отстъпка с това име.',
  discountNotFound: 'Кодът за отстъпка не е намерен.',
  discountPercentRange: 'Процентът трябва да е между 1 и 100.',
  discountValueRequired: 'Въведете стойност на отстъпката.',
  discountEndsBeforeStart: 'Крайната дата трябва да е след началната.',

  // distributors' form, settings, notifications
  contactReceived: 'Благодарим Ви! Получихме съобщението и ще се свържем с Вас до 1 работен ден.',
  contactTooMany: 'Изпратихте много съобщения за кратко време. Опитайте отново след няколко минути.',
  settingsSaved: 'Настройките са запазени.',
  notificationsRead: 'Всички нотификации са отбелязани като прочетени.',
  invalidPeriod: 'Невалиден период: началото трябва да е преди края, най-много 2 години.',

  // uploads
  uploadMissing: 'Изберете файл за качване.',
  uploadNotImage: 'Позволени са само изображения (JPEG, PNG, WebP, GIF).',
  /** Says the limit, so a person knows what to do (resize the photo or pick a smaller one). */
  uploadTooLarge: `Файлът е твърде голям (над ${UPLOAD_MAX_MB} MB).`,
  uploadUnreadable: 'Изображението не може да бъде прочетено. Опитайте с друг файл (JPEG, PNG, WebP).',
  uploadTooManyPixels: `Снимката е над ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} мегапиксела. Снимайте с по-ниска резолюция или я смалете.`,
  uploadOk: 'Изображението е качено.',
  // storage (a full disk, a database that cannot write): a 503 that passes when space returns
  cannotWrite: 'Сървърът временно не може да запише промени. Опитайте отново след малко.',
  lowDisk: (freeMb: number, minMb: number) =>
    `Свободното място на диска на сървъра е ${String(freeMb).replace('.', ',')} MB (под ${String(minMb).replace('.', ',')} MB).`,
  // an effect after a change (the outbox) given up after its last attempt: the staff's notice
  effectGivenUp: (what: string, attempts: number, error: string) =>
    `Не бе изпълнено след ${attempts} опита: ${what}. Грешка: ${error}. Проверете и го направете ръчно.`,
  // payments on an order that has ended
  paidOnCancelledOrder: 'Отказана поръчка не може да бъде маркирана като платена.',
} as const;

/** The fixed admin/generic defaults, the English catalogue's words. */
export const ADMIN_EN = {
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  userDeleted: 'User deleted successfully.',
  orderCreated: 'Order created successfully.',
  orderUpdated: 'Order updated successfully.',
  orderDeleted: 'Order deleted successfully.',
  productCreated: 'Product created successfully.',
  categoryCreated: 'Category created successfully.',
  loginOk: 'Login successful',
  registerOk: 'Register successful',
  productStatusUpdated: 'Product status updated to %{status}.',
  createUserFailed: 'Failed to create user.',
  getUserFailed: 'Failed to get user',
  updateUserFailed: 'Failed to update the user.',
  deleteUserFailed: 'Failed to delete user',
  createProductFailed: 'Failed to create the product.',
  getProductFailed: 'Failed to get product',
  updateProductFailed: 'Failed to update the product.',
  deleteProductFailed: 'Failed to delete product',
  getUserOrdersFailed: 'Failed to get user orders',
  updateOrderFailed: 'Failed to update the order.',
  deleteOrderFailed: 'Failed to delete order',
  createCategoryFailed: 'Creating category failed.',
  fetchCategoriesFailed: 'Failed to fetch categories.',
  updateCategoryFailed: 'Updating category failed',
  deleteCategoryFailed: 'Deleting category failed',
  updateProductStatusFailed: 'Updating product status failed',
  loginFailed: 'Login failed',
  registerFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  fetchUserFailed: 'Failed to fetch user',
} as const;

/** CSV import of products, variants and stock: the answers and each row's errors. */
export const IMPORT = {
  fileMissing: 'Изберете CSV файл за импорт.',
  tooLarge: `Файлът е твърде голям (над ${IMPORT_MAX_MB} MB).`,
  tooManyRows: `Файлът има повече от ${IMPORT_ROWS_MAX} реда. Разделете го на части.`,
  empty: 'Файлът е празен: няма заглавен ред с имената на колоните.',
  noSkuColumn: 'Няма колона „SKU“: по нея се намират вариантите. Започнете от експорта на Наличности.',
  noDataRows: 'Във файла няма редове с данни.',
  dryRunDone: (rows: number) => `Проверка: ${rows} реда, нищо не е променено.`,
  hasErrors: (rows: number) => `Файлът има грешки на ${rows} ${rows === 1 ? 'ред' : 'реда'}. Нищо не е променено.`,
  applied: (changed: number) => `Импортът е приложен: ${changed} ${changed === 1 ? 'ред' : 'реда'} с промени.`,
  nothingToChange: 'Нищо за промяна: всичко във файла вече е така.',
  unclosedQuote: 'Незатворени кавички в реда.',
  skuMissing: 'Липсва SKU.',
  skuInvalid: 'SKU може да съдържа само латински букви, цифри и . _ - / (най-много 64 знака).',
  skuRepeated: (sku: string, row: number) => `SKU „${sku}“ се повтаря: вече е на ред ${row}.`,
  skuOnOtherProduct: (sku: string, slug: string) => `SKU „${sku}“ е на друг продукт („${slug}“).`,
  priceInvalid: (text: string) => `Невалидна цена „${text}“: напишете например 29,90.`,
  priceTooHigh: (max: number) => `Цената е над ${max}.`,
  stockNegative: 'Наличността не може да е отрицателна.',
  stockNotWhole: (text: string) => `Наличността „${text}“ не е цяло число.`,
  stockTooHigh: (max: number) => `Наличността е над ${max}.`,
  nicotineInvalid: (text: string) => `Невалиден никотин „${text}“: напишете mg/ml, например 1,5.`,
  categoryUnknown: (name: string) => `Няма категория „${name}“.`,
  categoryAmbiguous: (name: string) => `Има няколко категории „${name}“: напишете адреса (slug) на категорията.`,
  statusUnknown: (text: string) => `Непознат статус „${text}“: Чернова, Активен или Архивиран.`,
  slugInvalid: 'Адресът (slug) съдържа само латински букви, цифри и тирета.',
  newProductName: 'Нов продукт: попълнете името му (колона „Продукт“).',
  newProductPrice: 'Нов продукт: попълнете цената.',
  newVariantName: 'Нов вариант на съществуващ продукт: попълнете „Вариант“.',
  tooLong: (max: number) => `Най-много ${max} знака.`,
  differsFromRow: (row: number) => `Различава се от ред ${row} за същия продукт.`,
} as const;

/** What the storefront says to screen readers and names for them (WCAG 2.1 AA). */
export const A11Y = {
  productsFound: (total: number) =>
    total === 0 ? 'Няма намерени продукти' : total === 1 ? 'Намерен 1 продукт' : `Намерени ${total} продукта`,
  officeChosen: (name: string, city: string, address: string) => `Избран офис: ${name}, ${city}, ${address}`,
  oldPrice: 'Стара цена',
  /** Before the same price in the other currency, read after the price ("14,27 € (равностойност 27,90 лв.)"). */
  equivalent: 'равностойност',
  imageOf: (n: number, of: number) => `Снимка ${n} от ${of}`,
  images: 'Снимки на продукта',
} as const;

/** Refusals of hostile input: an administrator's weak password, names that carry links or control
 *  characters into the shop's mail. */
export const SAFETY = {
  adminPasswordTooShort: `Паролата на администратор трябва да е поне ${ADMIN_PASSWORD_MIN} знака.`,
  adminPasswordIsEmail: 'Паролата не може да е имейл адресът на профила.',
  adminPasswordCommon: 'Тази парола е от най-разпространените. Изберете дълга парола, която е само Ваша (например четири случайни думи).',
  adminPasswordNeeded: `За да стане администратор, профилът трябва да получи нова силна парола (поне ${ADMIN_PASSWORD_MIN} знака).`,
  nameHasLink: 'Името не може да съдържа уеб адрес.',
  nameHasControl: 'Името съдържа непозволени знаци.',
} as const;

/** Guest orders past their limits (domain/limits GUEST_ORDER_LIMITS_DEFAULT) and the checkout's proof of work. */
export const GUEST_ORDER = {
  proofNeeded: 'Проверяваме, че не сте робот: проверката минава сама за няколко секунди, след което поръчката се изпраща.',
  checking: 'Проверяваме, че не сте робот…',
  checkFailed: 'Автоматичната проверка не успя. Опитайте отново или се обадете ни за поръчка по телефона.',
  tooMany:
    'Твърде много поръчки без регистрация от този адрес, телефон или имейл. Опитайте отново по-късно, влезте в профила си или се обадете ни.',
  quantityCap: (max: number) =>
    `Без регистрация можете да поръчате най-много ${max} бр. от този артикул. За повече влезте в профила си или се обадете ни.`,
  softAboveHard: 'Меката граница не може да е над твърдата.',
  /** In the order's history when the mail cap withheld its confirmation (later mails about it are withheld too). */
  confirmationWithheld: 'Потвърждението по имейл не е изпратено: твърде много писма до този адрес за кратко време.',
} as const;

/** Privacy (GDPR): the account's data, closing it, staff answering a request by e-mail. */
export const PRIVACY = {
  passwordNeeded: 'Въведете паролата си, за да потвърдите.',
  wrongPassword: 'Паролата е грешна. Профилът не е закрит.',
  staffAccount: 'Профил на служител не се закрива оттук: друг администратор го премахва от „Администратори“.',
  accountClosed: 'Профилът е закрит и личните ви данни са заличени.',
  confirmErase: 'Потвърдете заличаването.',
  erased: (orders: number, messages: number, account: boolean) =>
    `Заличено: ${orders} ${orders === 1 ? 'поръчка' : 'поръчки'}, ${messages} ${messages === 1 ? 'съобщение' : 'съобщения'}${account ? ' и профилът' : ''}.`,
  nothingHeld: 'Няма данни за този адрес.',
  /** Erasing now would leave these orders without an address or phone to deliver to. */
  ordersOpen: (numbers: string[]) =>
    `${numbers.length === 1 ? 'Поръчка' : 'Поръчки'} ${numbers.map((n) => `№ ${n}`).join(', ')} ${numbers.length === 1 ? 'още не е доставена' : 'още не са доставени'}: данните се заличават, след като бъдат доставени или отказани.`,
  erasedName: 'Заличено',
} as const;

/** Search engines' product data. */
export const PRODUCT_DATA = {
  gtinInvalid: 'Невалиден GTIN (баркод): 8, 12, 13 или 14 цифри с вярна контролна цифра.',
} as const;

/** The accessibility statement („Достъпност“, /accessibility) and its barrier reports. */
export const ACCESSIBILITY = {
  pageTitle: 'Достъпност',
  /** The subject a barrier report is kept under among the contact messages (the admin's Съобщения). */
  barrierSubject: 'Бариера за достъпност',
  barrierReceived: 'Благодарим Ви! Сигналът за бариерата е получен. Ще Ви отговорим до 5 работни дни.',
  barrierNotice: (name: string) => `Бариера за достъпност: сигнал от ${name}`,
  statementDateInvalid: 'Датата е във вида ГГГГ-ММ-ДД, например 2026-11-26.',
  /** Until staff write their own (Settings → Достъпност). */
  defaultLimitations:
    'PDF фактурите и кредитните известия още не са напълно достъпни за екранни четци (нямат структура на заглавия и таблици).\n' +
    'Снимките на продуктите от по-стари години може да нямат подробно текстово описание.\n' +
    'Картата с офисите на куриерите е на външния сайт на куриера; изберете офис от списъка в поръчката.',
} as const;

/** The `Idempotency-Key` header on writes that must happen once (platform/http/idempotency). */
export const IDEMPOTENCY = {
  keyInvalid: 'Невалиден ключ за идемпотентност (Idempotency-Key): от 1 до 255 видими знака.',
  keyReused: 'Ключът за идемпотентност вече е използван за друга заявка.',
  stillRunning: 'Заявката все още се обработва. Опитайте отново след малко.',
};
/** Proving that an account's e-mail address is its owner's (a link mailed to it). */
export const EMAIL_OWNERSHIP = {
  linkSent: 'Изпратихме връзка за потвърждение на имейла. Проверете пощата си.',
  changeLinkSent: 'Изпратихме връзка на новия адрес. Имейлът на профила се сменя, когато я отворите.',
  linkInvalid: 'Връзката за потвърждение е невалидна или е изтекла. Поискайте нова от профила си.',
  verified: 'Имейлът Ви е потвърден.',
  changed: 'Имейлът на профила е сменен и потвърден.',
  alreadyVerified: 'Имейлът Ви вече е потвърден.',
  sameAddress: 'Това вече е имейлът на профила.',
  tooManyLinks: 'Твърде много изпратени връзки за потвърждение. Опитайте отново след час.',
  /** The profile's notice while the address is unproven. */
  unverifiedTitle: 'Имейлът Ви още не е потвърден',
  unverifiedNotice:
    'Изпратихме Ви връзка за потвърждение. Докато не я отворите, в профила виждате само това, което сте направили в него: по-ранни поръчки и съобщения с този имейл не се показват, не се изтеглят и не се заличават оттук.',
  resend: 'Изпрати линка отново',
  sending: 'Изпращаме…',
  pendingChange: (email: string) => `Чака потвърждение: ${email}. Отворете връзката, изпратена на този адрес.`,
  /** The profile's „Имейл“ card: a new address, confirmed with the password. */
  changeTitle: 'Имейл',
  changeOpen: 'Смяна на имейла',
  newAddress: 'Нов имейл',
  currentPassword: 'Текуща парола',
  changeHint: 'Ще изпратим връзка на новия адрес. Имейлът на профила се сменя, когато я отворите.',
  changeSubmit: 'Изпрати връзка',
  cancel: 'Отказ',
  pageTitle: 'Потвърждение на имейла',
  checking: 'Проверяваме връзката…',
  toAccount: 'Към профила',
  toSignIn: 'Вход',
  noToken: 'Във връзката липсва кодът за потвърждение. Отворете я отново от писмото.',
  /** In the shop's mail to an address not proven, instead of the company name typed in a form. */
  yourCompany: 'фирмата Ви',
} as const;

/** What the shop keeps about a person after erasure, and why (a staff export says it). */
export const KEPT_DATA = {
  companyTitle: (name: string) => `Фирма „${name}“`,
  companyWhy:
    'Юридическите данни на фирмата (наименование, ЕИК, ДДС номер, адрес, МОЛ, разрешение за търговия с тютюневи изделия) и издадените ѝ фактури се пазят: законово задължение по Закона за счетоводството (чл. 12) и ЗДДС (чл. 114, 121). Лицето вече не е лице за контакт на фирмата.',
  contactNeeded: (company: string) => `Фирма „${company}“ няма лице за контакт: посочете ново.`,
} as const;
/** What each effect after a change does (the outbox's subscribers), for the staff's notice when one is given up. */
export const EFFECT_LABELS: Record<string, string> = {
  'invoices.onPayment': 'фактура при плащане',
  'invoices.mailDocument': 'изпращане на документ на купувача',
  'orders.confirmationMail': 'имейл с потвърждение на поръчка',
  'orders.statusMail': 'имейл за промяна на статуса на поръчка',
  'orders.withdrawalMail': 'имейл за отказ от поръчка',
  'trade.applicationNotice': 'известие за заявка на фирма',
  'trade.applicationMail': 'имейл до фирма за получена заявка',
  'trade.changeMail': 'имейл до фирма за промяна',
  'trade.permitMail': 'имейл до фирма за изтичащо разрешение за тютюневи изделия',
};
