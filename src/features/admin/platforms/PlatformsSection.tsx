/**
 * The Products tab's 'Platforms': the retailers an affiliate link can name, listed, added and
 * deleted. The server refuses to delete a platform that a product's link still names (409) and
 * says which; that message is shown as it is.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import type { LoadState } from '../../../lib/use-load.ts';
import { adminWrite, AdminApiError, failureReason } from '../api.ts';
import type { AdminPlatform } from './queries.ts';
import { platformCreateSchema } from './schemas.ts';

export default function PlatformsSection({ platforms, onChanged }: { platforms: LoadState<AdminPlatform[]>; onChanged: () => void }) {
  const confirm = useConfirm();

  async function remove(platform: AdminPlatform) {
    const question = `Are you sure you want to delete the platform ${platform.name}?`;
    if (!(await confirm.ask({ message: question, confirmLabel: 'Delete' }))) return;
    try {
      await adminWrite('platforms', 'DELETE', { id: platform.id });
    } catch (error) {
      return showToast(`Failed to delete platform: ${failureReason(error)}`, 'error');
    }
    showToast('Platform deleted successfully', 'success');
    onChanged();
  }

  return (
    <section aria-labelledby="platforms-heading" className="space-y-3 rounded-2xl border border-black/10 bg-white p-5">
      <div>
        <h2 id="platforms-heading" className="text-lg font-bold text-ink">Platforms</h2>
        <p className="text-sm text-muted">The retailers a product's affiliate links can point to. A platform still used by a link cannot be deleted.</p>
      </div>
      {platforms.status === 'ready' ? (
        <PlatformList platforms={platforms.data} onDelete={remove} />
      ) : platforms.status === 'error' ? (
        <p role="alert" className="text-sm font-medium text-red-700">Error loading platforms</p>
      ) : (
        <p role="status" className="text-sm text-muted">Loading platforms...</p>
      )}
      <NewPlatform onAdded={onChanged} />
      {confirm.element}
    </section>
  );
}

function PlatformList({ platforms, onDelete }: { platforms: readonly AdminPlatform[]; onDelete: (platform: AdminPlatform) => void }) {
  if (platforms.length === 0) return <p className="text-sm text-muted">No platforms yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Platforms">
      {platforms.map((platform) => (
        <li key={platform.id} className="inline-flex items-center gap-1 rounded-full border border-black/10 bg-gray-50 py-1 pl-3 pr-1 text-sm text-ink">
          {platform.name}
          <button
            type="button"
            onClick={() => onDelete(platform)}
            aria-label={`Delete platform ${platform.name}`}
            className="grid size-6 place-items-center rounded-full text-muted hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <svg className="size-3.5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" /></svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The name checked as the server checks it; a name the server refuses (taken, too long) shows its message. */
function NewPlatform({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function add() {
    const parsed = platformCreateSchema.safeParse({ name });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Platform name is required');
    setBusy(true);
    try {
      await adminWrite('platforms', 'POST', parsed.data);
      showToast('Platform added successfully', 'success');
      setName('');
      setProblem(undefined);
      onAdded();
    } catch (error) {
      showToast(`Failed to add platform: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && (error.status === 400 || error.status === 409)) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      className="flex flex-wrap items-start gap-2"
    >
      <Field id="platform-name" label="Platform name" labelHidden error={problem} className="w-full max-w-xs">
        <Input
          value={name}
          placeholder="Platform name, e.g. Etsy"
          onChange={(e) => {
            setName(e.target.value);
            setProblem(undefined);
          }}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={busy}>{busy ? 'Adding...' : 'Add Platform'}</Button>
    </form>
  );
}
