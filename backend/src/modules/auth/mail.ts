// The account's own e-mail: the link to choose a new password.
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
