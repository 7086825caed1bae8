/**
 * 'Import a price feed': the admin picks a CSV file and presses Import; the report of the import
 * is shown under the form (or the reason the file was refused), and the list of imports reloads.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { failureReason } from '../api.ts';
import { ImportReport } from './ImportReport.tsx';
import type { PriceImport } from './queries.ts';
import { uploadPriceFile } from './upload.ts';

export function UploadSection({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<PriceImport | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  async function upload() {
    if (!file) return setProblem('Choose a CSV file to import');
    setBusy(true);
    setProblem(undefined);
    setReport(null);
    try {
      const answer = await uploadPriceFile(file);
      setReport(answer);
      // A file imported again adds nothing: the report says why, the toast does not call it a success.
      if (answer.imported > 0) showToast('Prices imported successfully', 'success');
      else showToast('No new prices imported', 'info');
      onImported();
    } catch (error) {
      setProblem(failureReason(error));
      showToast(`Failed to import prices: ${failureReason(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="price-upload-heading" className="space-y-3 rounded-2xl border border-black/10 bg-white p-5">
      <div>
        <h3 id="price-upload-heading" className="text-lg font-bold text-ink">Import a price feed</h3>
        <p className="text-sm text-muted">
          A CSV file with the columns product_id, platform, price, scraped_at (and optionally url), up to 20 MB.
          Rows already imported are skipped, so a file can be imported again safely.
        </p>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <Field id="price-file" label="Price feed (CSV)" error={problem} className="w-full max-w-md">
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(undefined);
            }}
          />
        </Field>
        <Button type="submit" disabled={busy}>{busy ? 'Importing...' : 'Import'}</Button>
      </form>
      {report && (
        <div role="status" className="rounded-xl bg-gray-50 p-4">
          <p className="mb-2 font-semibold text-ink">Imported {report.file_name}</p>
          <ImportReport report={report} />
        </div>
      )}
    </section>
  );
}
