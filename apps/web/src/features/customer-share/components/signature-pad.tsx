import { useEffect, useRef, type PointerEvent } from 'react';
import { Button } from '../../../components/ui/button';

const WIDTH = 600;
const HEIGHT = 180;

/**
 * A signature drawn with a finger, pen or mouse (pointer events; touch-action none so the page
 * does not scroll under the finger). It reports a PNG data URL after each stroke, or null once
 * cleared. Keyboard and screen reader users sign by typing instead: the form says so, and the
 * canvas carries a text alternative.
 */
export function SignaturePad({ onChange, describedBy }: { onChange: (dataUrl: string | null) => void; describedBy?: string | undefined }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    // The drawing keeps its own resolution whatever width CSS gives the canvas.
    const scaleX = box.width ? WIDTH / box.width : 1;
    const scaleY = box.height ? HEIGHT / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    last.current = point(event);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const context = event.currentTarget.getContext('2d');
    const next = point(event);
    if (context) {
      context.beginPath();
      context.moveTo(last.current.x, last.current.y);
      context.lineTo(next.x, next.y);
      context.stroke();
    }
    last.current = next;
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    onChange(null);
  };

  return (
    <div className="space-y-2">
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Signature drawing area: draw your signature with a finger, pen or mouse"
        aria-describedby={describedBy}
        className="block aspect-[10/3] w-full cursor-crosshair touch-none rounded-lg border border-ink-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      >
        Drawing a signature needs a pointer; type your signature instead.
      </canvas>
      <Button variant="secondary" onClick={clear}>
        Clear
      </Button>
    </div>
  );
}
