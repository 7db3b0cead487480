// Bank statement files as Bulgarian banks export them, written for the tests: a CAMT.053.001.02
// document and an MT940 text with the same bookings, so both formats can be checked to read alike.
import iconv from 'iconv-lite';

export interface BankFileLine {
  /** YYYY-MM-DD booking date. */
  bookedOn: string;
  /** YYYY-MM-DD value date; the booking date when not given. */
  valueDate?: string;
  /** Cents. */
  amount: number;
  currency?: 'EUR' | 'BGN' | 'USD';
  direction?: 'credit' | 'debit';
  reference: string;
  /** The other party: the payer of a credit, the payee of a debit. */
  payerName: string;
  payerIban: string;
  bankReference?: string;
}

export interface BankFile {
  iban: string;
  statementId: string;
  lines: BankFileLine[];
  /** The account's currency (its balances and MT940's lines); the first line's, else EUR. */
  currency?: 'EUR' | 'BGN' | 'USD';
  /** MT940 only: how the bytes are written. */
  encoding?: 'utf-8' | 'windows-1251';
  /** MT940 only: :86: as ?20/?31/?32 subfields (the default) or as plain text lines. */
  details?: 'structured' | 'plain';
}

const signed = (l: BankFileLine) => (l.direction === 'debit' ? -l.amount : l.amount);
const decimal = (cents: number, separator = '.') => (Math.abs(cents) / 100).toFixed(2).replace('.', separator);
const accountCurrency = (f: BankFile) => f.currency ?? f.lines[0]?.currency ?? 'EUR';
const OPENING = 1000_00;

function balances(f: BankFile) {
  const dates = f.lines.map((l) => l.bookedOn).sort();
  const first = dates[0] ?? '2025-01-15';
  const last = dates[dates.length - 1] ?? first;
  const closing = OPENING + f.lines.reduce((sum, l) => sum + signed(l), 0);
  return { first, last, closing };
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A camt.053.001.02 end-of-day statement as Bulgarian banks send it (one Stmt, one TxDtls per entry). */
export function camt053File(f: BankFile): Buffer {
  const ccy = accountCurrency(f);
  const { first, last, closing } = balances(f);
  const balance = (code: string, cents: number, day: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="${ccy}">${decimal(cents)}</Amt>
        <CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Dt><Dt>${day}</Dt></Dt>
      </Bal>`;
  const entries = f.lines.map((l, i) => {
    const credit = l.direction !== 'debit';
    const party = credit
      ? `<Dbtr><Nm>${xml(l.payerName)}</Nm></Dbtr>
              <DbtrAcct><Id><IBAN>${l.payerIban}</IBAN></Id></DbtrAcct>`
      : `<Cdtr><Nm>${xml(l.payerName)}</Nm></Cdtr>
              <CdtrAcct><Id><IBAN>${l.payerIban}</IBAN></Id></CdtrAcct>`;
    return `
      <Ntry>
        <NtryRef>${i + 1}</NtryRef>
        <Amt Ccy="${l.currency ?? ccy}">${decimal(l.amount)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${l.bookedOn}</Dt></BookgDt>
        <ValDt><Dt>${l.valueDate ?? l.bookedOn}</Dt></ValDt>
        ${l.bankReference ? `<AcctSvcrRef>${xml(l.bankReference)}</AcctSvcrRef>` : ''}
        <BkTxCd>
          <Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="${l.currency ?? ccy}">${decimal(l.amount)}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              ${party}
            </RltdPties>
            <RmtInf><Ustrd>${xml(l.reference)}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  });
  const doc = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>MSG-${xml(f.statementId)}</MsgId>
      <CreDtTm>${last}T18:00:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>${xml(f.statementId)}</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>${last}T18:00:00</CreDtTm>
      <FrToDt><FrDtTm>${first}T00:00:00</FrDtTm><ToDtTm>${last}T23:59:59</ToDtTm></FrToDt>
      <Acct>
        <Id><IBAN>${f.iban}</IBAN></Id>
        <Ccy>${ccy}</Ccy>
        <Svcr><FinInstnId><BIC>UNCRBGSF</BIC></FinInstnId></Svcr>
      </Acct>${balance('OPBD', OPENING, first)}${balance('CLBD', closing, last)}${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  return Buffer.from(doc, 'utf8');
}

/** YYYY-MM-DD → YYMMDD */
const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
/** YYYY-MM-DD → MMDD */
const mmdd = (day: string) => day.slice(5).replace(/-/g, '');
/** One text in pieces of at most `size` characters, as banks cut :86: subfields and lines. */
const pieces = (s: string, size: number) => s.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];

/** An MT940 statement as Bulgarian (and German) banks write it: :86: with the business code, ?00
 *  booking text, the remittance in ?20–?29, the other party's IBAN in ?31 and name in ?32/?33. */
export function mt940File(f: BankFile): Buffer {
  const ccy = accountCurrency(f);
  const { first, last, closing } = balances(f);
  const balance = (cents: number, day: string) => `${cents < 0 ? 'D' : 'C'}${yymmdd(day)}${ccy}${decimal(cents, ',')}`;
  const out = [`:20:${f.statementId}`.slice(0, 20), `:25:${f.iban}`, `:28C:${f.statementId.replace(/\D/g, '').slice(-5) || '1'}/1`];
  out.push(`:60F:${balance(OPENING, first)}`);
  for (const l of f.lines) {
    const credit = l.direction !== 'debit';
    const valueDate = l.valueDate ?? l.bookedOn;
    out.push(
      `:61:${yymmdd(valueDate)}${mmdd(l.bookedOn)}${credit ? 'C' : 'D'}${decimal(l.amount, ',')}NTRFNONREF${l.bankReference ? `//${l.bankReference}` : ''}`,
    );
    const details =
      f.details === 'plain'
        ? [l.reference, l.payerName, l.payerIban].join('\n')
        : `${credit ? '166' : '177'}?00${credit ? 'ПОЛУЧЕН ПРЕВОД' : 'ИЗХОДЯЩ ПРЕВОД'}` +
          pieces(l.reference, 27)
            .slice(0, 10)
            .map((p, i) => `?2${i}${p}`)
            .join('') +
          `?30UNCRBGSF?31${l.payerIban}` +
          pieces(l.payerName, 27)
            .slice(0, 2)
            .map((p, i) => `?3${i + 2}${p}`)
            .join('');
    const lines = f.details === 'plain' ? details.split('\n') : pieces(details, 65);
    out.push(`:86:${lines[0]}`, ...lines.slice(1));
  }
  out.push(`:62F:${balance(closing, last)}`, '-');
  const text = out.join('\r\n') + '\r\n';
  return f.encoding === 'windows-1251' ? iconv.encode(text, 'win1251') : Buffer.from(text, 'utf8');
}
