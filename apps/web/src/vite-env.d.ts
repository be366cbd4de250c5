/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address shown on the profile page for corrections (defaults to support@sunin.example). */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
