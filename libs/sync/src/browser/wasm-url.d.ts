// Vite's `?url` imports: the asset's URL as a string (the wasm file is emitted, never inlined).
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
