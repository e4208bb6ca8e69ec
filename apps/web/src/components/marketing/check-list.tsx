import type { ReactNode } from 'react';
import './check-list.css';

interface CheckListProps {
  items: readonly ReactNode[];
  icon: ReactNode;
  className?: string;
}

export function CheckList({ items, icon, className }: CheckListProps) {
  return (
    <ul className={['check-list', className].filter(Boolean).join(' ')}>
      {items.map((item, index) => (
        <li key={index}>
          {icon}
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
