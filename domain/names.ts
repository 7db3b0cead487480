// Names a stranger types that the shop's own mail then carries (the greeting „Здравейте, Иван!“,
// the staff's notices): no links and no control characters, so that a name cannot turn the
// shop's mail into someone's advert or phishing, nor reorder or hide its text.

/** C0 and C1 controls (tab, NUL, ESC…), and the marks that reorder text: the bidi embeddings and
 *  overrides U+202A–202E, the isolates U+2066–2069, the LRM/RLM marks. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
export const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A link as a mail program would make it clickable: a scheme (http://, https://, or any
 *  `x://`), `www.`, or a domain followed by a path (`evil.example/…`) or ending in a common
 *  top-level domain (`evil.com`). Names are at most a few hundred characters when this runs. */
export const NAME_LINK =
  /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]\.[\p{L}]{2,}\/|[\p{L}\p{N}-]\.(?:com|net|org|info|biz|bg|eu|io|co|me|ru|ua|de|uk|us|xyz|top|site|online|shop|link|click|app|dev|ly|to|tk|gl|gg)(?![\p{L}\p{N}])/iu;

/** Why a name is refused, or undefined. */
export function nameProblem(value: string, texts: { link: string; control: string }): string | undefined {
  if (NAME_CONTROL.test(value)) return texts.control;
  if (NAME_LINK.test(value)) return texts.link;
  return undefined;
}
