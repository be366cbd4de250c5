import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** The ten recovery codes, shown once right after two-factor turns on, to copy or download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `SunIn Partner Portal recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy. Select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'sunin-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4">
      <Alert tone="success">Two-factor sign-in is on.</Alert>
      <p className="text-sm text-ink-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg border border-ink-200 bg-ink-100 p-3 font-mono text-sm text-ink-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download (.txt)
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          I saved them
        </Button>
      </div>
    </div>
  );
}
