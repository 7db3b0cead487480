// The storefront's screens are built in the storefront issue; this is the shell that builds.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem', maxWidth: 720, margin: '0 auto' }}>
      <title>Начало | VAP SOLO</title>
      <h1>VAP SOLO</h1>
      <p>TWINS и TRIPLES. Магазинът се подготвя.</p>
      <nav>
        <a href="/products/vap-solo-twins">TWINS</a> · <a href="/products/vap-solo-triples">TRIPLES</a> · <a href="/admin">Администрация</a>
      </nav>
    </main>
  );
}
