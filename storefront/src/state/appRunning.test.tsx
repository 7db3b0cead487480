// A rendered page's form used before its app ran: what the visitor typed or chose stays in the
// form after hydration and a re-render, and is what the app works with (useInputBeforeApp).
import { act, useRef, useState } from 'react';
// Node's build, as the server renders (the browser build needs a MessageChannel jsdom has not).
import { renderToString } from 'react-dom/server.node';
import { hydrateRoot, Root } from 'react-dom/client';
import { controlValue, useInputBeforeApp } from './appRunning';

function Form({ takeOver }: { takeOver: boolean }) {
  const [name, setName] = useState('');
  const [size, setSize] = useState('');
  const [renders, setRenders] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useInputBeforeApp(form, (controls) => {
    if (!takeOver) return;
    setName(controlValue(controls, 'name') ?? '');
    setSize(controlValue(controls, 'size') ?? '');
  });
  return (
    <form ref={form}>
      <input name="name" aria-label="Име" value={name} onChange={(e) => setName(e.target.value)} />
      <label>
        <input type="radio" name="size" value="s" checked={size === 's'} onChange={() => setSize('s')} />S
      </label>
      <label>
        <input type="radio" name="size" value="m" checked={size === 'm'} onChange={() => setSize('m')} />M
      </label>
      <output>
        {name}|{size}
      </output>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        {renders}
      </button>
    </form>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** The server's HTML, used before the app runs, then hydrated and re-rendered once. */
async function typeThenHydrate(takeOver: boolean) {
  container.innerHTML = renderToString(<Form takeOver={takeOver} />);
  container.querySelector<HTMLInputElement>('input[name="name"]')!.value = 'Мария';
  container.querySelector<HTMLInputElement>('input[value="m"]')!.checked = true;
  await act(async () => {
    root = hydrateRoot(container, <Form takeOver={takeOver} />);
  });
  await act(async () => container.querySelector('button')!.click());
  return {
    shown: container.querySelector<HTMLInputElement>('input[name="name"]')!.value,
    checked: container.querySelector<HTMLInputElement>('input[value="m"]')!.checked,
    state: container.querySelector('output')!.textContent,
  };
}

it('keeps what was typed and chosen before the app ran, in the form and in state', async () => {
  expect(await typeThenHydrate(true)).toEqual({ shown: 'Мария', checked: true, state: 'Мария|m' });
});

it('is needed: without it React puts its empty state back on the first re-render', async () => {
  expect(await typeThenHydrate(false)).toEqual({ shown: '', checked: false, state: '|' });
});

it('reads a lone radio only when it is checked', () => {
  const form = document.createElement('form');
  form.innerHTML = '<input type="radio" name="one" value="x"><input name="text" value="да">';
  expect(controlValue(form.elements, 'one')).toBeUndefined();
  (form.elements.namedItem('one') as HTMLInputElement).checked = true;
  expect(controlValue(form.elements, 'one')).toBe('x');
  expect(controlValue(form.elements, 'text')).toBe('да');
  expect(controlValue(form.elements, 'missing')).toBeUndefined();
});
