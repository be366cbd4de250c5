/**
 * How a script scrolls: at once for someone whose system asks for reduced motion (WCAG 2.3.3),
 * smoothly otherwise. The style sheet does the same for transitions and animations (index.css).
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
