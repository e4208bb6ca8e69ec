interface AdminPlaceholderProps {
  title: string;
  text: string;
}

/** An admin screen whose CRUD comes with a later issue: its heading and a short line. */
export function AdminPlaceholder({ title, text }: AdminPlaceholderProps) {
  return (
    <div className="admin-page">
      <h1 className="admin-title">{title}</h1>
      <p className="admin-lead">{text}</p>
    </div>
  );
}
