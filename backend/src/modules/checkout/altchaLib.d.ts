// altcha-lib's classic challenge (createChallenge/verifySolution/solveChallenge) is its `./v1`
// export; the project's "node10" resolution does not read package exports, so it is named here.
declare module 'altcha-lib/v1' {
  export * from 'altcha-lib/dist/esm/v1/index';
}
