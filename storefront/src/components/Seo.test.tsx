// The head a page gets (the '%s | {brand}' title template) and how it follows client-side navigation.
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { pageTitle, Seo, shortDescription } from './Seo';

describe('the page title', () => {
  it("follows '%s | {brand}' with the brand once", () => {
    expect(pageTitle('Магазин', 'VAP SOLO')).toBe('Магазин | VAP SOLO');
    expect(pageTitle('TWINS Ягода | VAP SOLO', 'VAP SOLO')).toBe('TWINS Ягода | VAP SOLO');
    expect(pageTitle('TWINS Ягода – VAP SOLO | VAP SOLO', 'VAP SOLO')).toBe('TWINS Ягода | VAP SOLO');
    expect(pageTitle('VAP SOLO TWINS – два вкуса', 'VAP SOLO')).toBe('VAP SOLO TWINS – два вкуса | VAP SOLO');
    expect(pageTitle(undefined, 'VAP SOLO')).toBe('Вейп устройства TWINS и TRIPLES | VAP SOLO');
  });

  it('keeps descriptions to one line of at most 160 characters, cut at a word', () => {
    const long = 'дума '.repeat(60);
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('дума…')).toBe(true);
    expect(shortDescription('  два\n\nреда ')).toBe('два реда');
  });
});

describe('the head in the browser', () => {
  it('changes title, canonical, Open Graph and JSON-LD with the page, one of each', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <Seo title="Начало" canonical="/" jsonLd={[{ '@type': 'Organization' }]} />
                <Link to="/products/vap-solo-twins">TWINS</Link>
              </>
            }
          />
          <Route
            path="/products/:slug"
            element={
              <Seo title="TWINS | VAP SOLO" type="product" image="/uploads/demo/twins.svg" price={{ amount: 27.9, currency: 'BGN' }} />
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Начало | VAP SOLO');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost/');
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'TWINS' }));
    expect(document.title).toBe('TWINS | VAP SOLO');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    const canonical = document.head.querySelectorAll('link[rel="canonical"]');
    expect(canonical).toHaveLength(1);
    expect(canonical[0].getAttribute('href')).toBe('http://localhost/products/vap-solo-twins');
    const meta = (p: string) => document.head.querySelector(`meta[property="${p}"]`)?.getAttribute('content');
    expect(meta('og:type')).toBe('product');
    expect(meta('og:image')).toBe('http://localhost/og/demo/twins.png');
    expect(meta('product:price:amount')).toBe('27.90');
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});
