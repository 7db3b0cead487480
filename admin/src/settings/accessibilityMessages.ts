// The panel's texts for the accessibility statement's card, both languages; the
// server's texts come from domain/messages (ACCESSIBILITY).
export const accessibilityBg = {
  title: 'Достъпност',
  help: 'Декларацията за достъпност на магазина (/accessibility): известните ограничения, датата ѝ и контактите за сигнали. Сигналите за бариери идват в Съобщения.',
  limitations: 'Известни ограничения',
  limitationsHelp: 'По едно на ред. Празно: „Не знаем за съдържание, което не отговаря на изискванията.“',
  statementDate: 'Дата на декларацията',
  email: 'Имейл за сигнали',
  phone: 'Телефон за сигнали',
  save: 'Запази декларацията',
  open: 'Отвори страницата',
};

export const accessibilityEn: Record<keyof typeof accessibilityBg, string> = {
  title: 'Accessibility',
  help: "The shop's accessibility statement (/accessibility): its known limitations, its date and the contacts for reports. Barrier reports arrive in Messages.",
  limitations: 'Known limitations',
  limitationsHelp: 'One a line. Empty: “We know of no content that does not meet the requirements.”',
  statementDate: 'Date of the statement',
  email: 'E-mail for reports',
  phone: 'Phone for reports',
  save: 'Save the statement',
  open: 'Open the page',
};
