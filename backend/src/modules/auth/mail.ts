// The account's own e-mail: the link to choose a new password, and the link that proves the address.
import { compose, linkPart, para, type MailContent } from '../../platform/mail/layout';
import { getSettings } from '../settings';

export async function passwordResetMail(firstName: string, link: string, minutes: number): Promise<MailContent> {
  const settings = await getSettings();
  return compose(`Нова парола за ${settings.brand}`, { settings }, [
    para(`Здравейте${firstName ? `, ${firstName}` : ''}!`),
    para('Получихме заявка за нова парола за профила Ви. Отворете връзката, за да изберете нова парола:'),
    linkPart('Изберете нова парола', link),
    para(`Връзката важи ${minutes} минути и може да се използва само веднъж.`),
    para('Ако не сте поискали нова парола, не правете нищо: паролата Ви остава същата.'),
  ]);
}

/** The link that proves the address (registration, a resend, or a new address). The address is
 *  not proven yet: only the shop's own words go to it, no name or other text typed in a form. */
export async function emailVerificationMail(link: string, hours: number, change: boolean): Promise<MailContent> {
  const settings = await getSettings();
  return compose(`Потвърдете имейла си в ${settings.brand}`, { settings }, [
    para('Здравейте!'),
    para(
      change
        ? `Поискахте този адрес да стане имейлът на профила Ви в ${settings.brand}. Отворете връзката, за да го потвърдите:`
        : `С този адрес беше създаден профил в ${settings.brand}. Отворете връзката, за да потвърдите, че адресът е Ваш:`,
    ),
    linkPart('Потвърдете имейла', link),
    para(`Връзката важи ${hours} часа и може да се използва само веднъж.`),
    para(
      change
        ? 'Ако не сте поискали тази промяна, не правете нищо: имейлът на профила остава същият.'
        : 'Ако не сте се регистрирали Вие, не правете нищо: без потвърждение профилът не вижда нищо, свързано с този адрес.',
    ),
  ]);
}
