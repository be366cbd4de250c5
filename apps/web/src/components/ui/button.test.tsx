import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

function LoginLikeForm() {
  return (
    <form>
      <input name="password" defaultValue="secret" />
      <Button type="submit">Log in</Button>
      <Button>Show password</Button>
    </form>
  );
}

describe('Button', () => {
  it('is a disabled submit button in prerendered HTML, so the browser cannot submit the form by itself before hydration', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginLikeForm />);
    const [submit, plain] = container.querySelectorAll('button');
    expect(submit).toBeDisabled();
    expect(plain).toBeEnabled();
  });

  it('enables the submit button once React has hydrated the page', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginLikeForm />);
    document.body.appendChild(container);
    const root = await act(async () => hydrateRoot(container, <LoginLikeForm />));
    expect(container.querySelector('button[type="submit"]')).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });
});
