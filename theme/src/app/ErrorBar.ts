//! The bar shown when the client cannot start (its data failed to load). Plain DOM:
//! React is not running yet, and the server-rendered page stays readable below it.

const BAR_ID = '__docsite_error_bar';

/** Shows (or updates) the error bar; `onRetry` runs when the reader presses Retry. */
export function showErrorBar(message: string, onRetry: () => void): void {
  let bar = document.getElementById(BAR_ID);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = BAR_ID;
    bar.className = 'docsite-error-bar';
    bar.setAttribute('role', 'alert');
    document.body.prepend(bar);
  }
  bar.replaceChildren();
  const text = document.createElement('span');
  text.textContent = message;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Retrying…';
    onRetry();
  });
  bar.append(text, button);
}

export function hideErrorBar(): void {
  document.getElementById(BAR_ID)?.remove();
}
