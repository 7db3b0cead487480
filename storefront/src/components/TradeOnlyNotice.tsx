// A regulated product in the sales mode `trade_only` for a visitor who is not a trade member
// (ЗТТСТИ чл. 31а): no price and no cart button, but words saying why and where to buy it.
// The notice is text (not only a colour), with links to „Къде да купя“, the business application
// and signing in.
import { Link } from 'react-router-dom';
import { SALES_TEXT } from '@domain/salesModeTexts';

/** The product page's notice, in place of the price and the cart form. */
export function TradeOnlyNotice({ headingId = 'trade-only-notice' }: { headingId?: string }) {
  return (
    <section className="trade-only-notice" aria-labelledby={headingId}>
      <h2 id={headingId} className="trade-only-title">
        {SALES_TEXT.tradeOnlyNotice}
      </h2>
      <p>{SALES_TEXT.tradeOnlyExplanation}</p>
      <ul className="trade-only-links">
        <li>
          <Link className="button" to="/where-to-buy">
            {SALES_TEXT.whereToBuy}
          </Link>
        </li>
        <li>
          <Link to="/trade/apply">{SALES_TEXT.applyAsBusiness}</Link>
        </li>
        <li>
          <Link to="/signin">{SALES_TEXT.signInAsBusiness}</Link>
        </li>
      </ul>
    </section>
  );
}

/** On a product card (itself a link): the words only. */
export function TradeOnlyTag() {
  return <span className="trade-only-tag">{SALES_TEXT.tradeOnlyNotice}</span>;
}

/** Whether this browser belongs to a trade member (the hint cookie the server sets, readable by
 *  design: platform/http/tradeHint): pages rendered for guests are then asked again. */
export function hasTradeHint(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)vs_trade=/.test(document.cookie);
}
