// mt940js ships no types: what bankStatementFiles.ts uses of it, as its README describes it.
declare module 'mt940js' {
  export interface Mt940Transaction {
    /** The value date (the :61: YYMMDD). */
    date: Date;
    /** The booking date (the :61: MMDD), in the value date's year; '' when the bank left it out. */
    entryDate: Date | '';
    /** Signed: a credit positive, a debit negative (a reversal turns the sign). */
    amount: number;
    isReversal: boolean;
    currency: string;
    /** The :86: text, its lines joined with '\n'. */
    details: string;
    transactionType: string;
    reference: string;
    bankReference: string;
    extraDetails: string;
    /** The :86: subfields when the text is structured (?20…, >20…, /TAG/…), by their tag. */
    structuredDetails?: Record<string, string>;
  }

  export interface Mt940Statement {
    transactionReference: string;
    accountIdentification: string;
    number: { statement: string; sequence: string; section: string };
    currency: string;
    transactions: Mt940Transaction[];
  }

  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): Mt940Statement[];
  }
}
