import type { TrainingVideo } from '@sunin/contract';

/** One training video with the browser's own controls; only its metadata loads until played. */
export function TrainingVideoCard({ video }: { video: TrainingVideo }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
      <video controls preload="metadata" src={video.src} width={640} height={360} className="aspect-video h-auto w-full bg-ink-900">
        <a href={video.src}>Download {video.title}</a>
      </video>
      <h3 className="px-4 py-3 font-semibold text-ink-900">{video.title}</h3>
    </li>
  );
}
