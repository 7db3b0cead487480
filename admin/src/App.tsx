// The react-admin panel is built in the admin issue; this is the shell that builds.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Административен панел</h1>
      <p>VAP SOLO</p>
    </main>
  );
}
