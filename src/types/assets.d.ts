// Files embedded with `import path from '…' with { type: 'file' }`: the import is the file's path
// (inside the compiled binary, a path Bun resolves from its embedded files).
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const path: string
  export default path
}
declare module 'swagger-ui-dist/swagger-ui.css' {
  const path: string
  export default path
}
declare module '@duckdb/node-bindings-linux-x64/libduckdb.so' {
  const path: string
  export default path
}
