import { createHash } from 'node:crypto';

/**
 * The one script the provider's pages run, allowed by its hash in the page policy: it submits a
 * sign-out form at once (sign-out is one step; without scripts the button is there to press), and
 * rates a new password while it is typed. The rating is only a hint; the server's policy decides.
 */
export const pageScript = `(() => {
  const auto = document.querySelector('[data-autosubmit]');
  if (auto) auto.click();
  const out = document.getElementById('password-strength');
  const input = document.getElementById('password');
  if (!out || !input) return;
  const min = Number(out.dataset.min);
  const emailInput = document.getElementById('email');
  const rate = (value) => {
    const length = Array.from(value).length;
    if (length < min) return out.dataset.tooShort.replace('{n}', String(min - length));
    const email = (emailInput ? emailInput.value : out.dataset.email || '').toLowerCase();
    const local = email.split('@')[0];
    if ((local.length >= 3 && value.toLowerCase().includes(local)) || new Set(value).size < 5) return out.dataset.weak;
    const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;
    return length >= 16 || (length >= 12 && kinds >= 3) ? out.dataset.strong : out.dataset.fair;
  };
  const show = () => { out.textContent = input.value ? rate(input.value) : ''; };
  input.addEventListener('input', show);
  show();
})();`;

export const pageScriptHash = `sha256-${createHash('sha256').update(pageScript).digest('base64')}`;
