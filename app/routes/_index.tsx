import type { MetaFunction } from '@remix-run/node';
import { useRootData } from '~/root';

export const meta: MetaFunction = () => [{ title: 'Showroom' }];

export default function Landing() {
  const data = useRootData();
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold text-primary">{data?.tenant.brandName}</h1>
    </main>
  );
}
