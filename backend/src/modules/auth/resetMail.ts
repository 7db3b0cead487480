// The password-reset e-mail, in the shop's mail layout (platform/mail/layout).
import { compose, linkPart, para, signaturePart, type MailContent } from '../../platform/mail/layout';
import { getSettings } from '../settings';

export async function passwordResetMail(firstName: string, link: string, minutes: number): Promise<MailContent> {
  const settings = await getSettings();
  return compose(`Нова парола за ${settings.brand}`, [
    para(`Здравейте${firstName ? `, ${firstName}` : ''}!`),
    para('Получихме заявка за нова парола за профила Ви. Отворете връзката, за да изберете нова парола:'),
    linkPart('Изберете нова парола', link),
    para(`Връзката важи ${minutes} минути и може да се използва само веднъж.`),
    para('Ако не сте поискали нова парола, не правете нищо: паролата Ви остава същата.'),
    signaturePart(settings),
  ]);
}
