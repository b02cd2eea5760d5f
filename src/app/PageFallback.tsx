import { Spinner } from '../ui/Spinner';

export function PageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-slate-500">
      <Spinner />
    </div>
  );
}
