/**
 * Google Identity Services, loaded on demand the first time the sign-in screen needs its button.
 * Only the parts the shop uses are typed.
 */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

interface GoogleWindow {
  google?: { accounts?: { id?: GoogleAccountsId } };
}

let loading: Promise<GoogleAccountsId> | undefined;

function loadedApi(): GoogleAccountsId | undefined {
  return (window as unknown as GoogleWindow).google?.accounts?.id;
}

/** Adds the script once; later calls share the same promise (a failed load may be retried). */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = loadedApi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const api = loadedApi();
      if (api) resolve(api);
      else reject(new Error('Google Identity Services no quedó disponible'));
    };
    script.onerror = () => reject(new Error('No se pudo cargar Google Identity Services'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
