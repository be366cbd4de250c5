/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address shown on the profile page for corrections (defaults to support@sunin.example). */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The 50 states and DC as SVG paths, drawn at build time (vite-plugins/us-state-paths.ts). */
declare module 'virtual:us-state-paths' {
  import type { UsStateCode } from '@sunin/contract';

  export interface UsStatePaths {
    /** "0 0 <width> <height>": the paths lie inside it. */
    viewBox: string;
    /** Sorted by code: USPS code, the atlas's name of the state and its outline. */
    states: Array<{ code: UsStateCode; name: string; d: string }>;
  }
  const statePaths: UsStatePaths;
  export default statePaths;
}

/** The same, as a module of its own for a dynamic import (the plugin says why). */
declare module 'virtual:us-state-paths-lazy' {
  export * from 'virtual:us-state-paths';
  export { default } from 'virtual:us-state-paths';
}
