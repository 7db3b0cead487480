// Page title '%s | {brand}' (spec §2) with description and keywords; React 19 hoists these into <head>.
import { useSettings } from '../state/settings';

export const DEFAULT_TITLE = 'Вейп устройства TWINS и TRIPLES';
export const DEFAULT_DESCRIPTION = 'VAP SOLO – вейп устройства TWINS и TRIPLES с два и три вкуса. Доставка в цяла България, плащане с наложен платеж.';

export function Seo({ title, description, keywords }: { title?: string; description?: string; keywords?: string }) {
  const { brand } = useSettings();
  return (
    <>
      <title>{`${title || DEFAULT_TITLE} | ${brand}`}</title>
      <meta name="description" content={description || DEFAULT_DESCRIPTION} />
      {keywords && <meta name="keywords" content={keywords} />}
    </>
  );
}
