import { Spinner } from './spinner';

interface LoadMoreButtonProps {
  label: string;
  loadingLabel: string;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}

/** "Charger plus" under a paged table; gone on the last page. */
export function LoadMoreButton({ label, loadingLabel, hasMore, loading, onLoad }: LoadMoreButtonProps) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="btn btn-secondary" onClick={onLoad} disabled={loading} aria-busy={loading || undefined}>
        {loading ? <Spinner label={loadingLabel} /> : null}
        {label}
      </button>
    </div>
  );
}
