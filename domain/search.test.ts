import { searchIndex, searchTerms, toCyrillic, toLatin, typoPatterns } from './search';

describe('search', () => {
  it('transliterates Bulgarian by the official system', () => {
    expect(toLatin('Щастие, юг, ябълка, жълт, цвят, ЧАЙ, хмел')).toBe('shtastie, yug, yabalka, zhalt, tsvyat, chay, hmel');
  });

  it('reads Latin words the Bulgarian way', () => {
    expect(toCyrillic('twins')).toBe('туинс');
    expect(toCyrillic('shtastie')).toBe('щастие');
    expect(toLatin(toCyrillic('triples'))).toBe('triples');
  });

  it('indexes the text as it is, in Latin letters, and Latin words as Bulgarians spell them', () => {
    const index = searchIndex('VAP SOLO TWINS', 'Ягода');
    expect(index).toContain('vap solo twins ягода');
    expect(index).toContain('yagoda');
    expect(index).toContain('tuins');
  });

  it('turns a query into Latin words', () => {
    expect(searchTerms('  Ягода и ДИНЯ! ')).toEqual(['yagoda', 'i', 'dinya']);
  });

  it('spells a word every way one edit away (LIKE patterns)', () => {
    const patterns = typoPatterns('tuins');
    expect(patterns).toEqual(expect.arrayContaining(['tuins', 't_ins', 'tins', 'tu_ins']));
    expect(typoPatterns('ice')).toEqual(['ice']);
  });
});
