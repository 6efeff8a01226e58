import type { GenerationSlug } from '@quire/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import { CheatSheet } from './CheatSheet';
import { readCheatSheetShown, writeCheatSheetShown } from './cheat-sheet';
import { HistoryPanel } from './HistoryPanel';
import { QuotaIndicator } from './QuotaIndicator';
import { RunResult } from './RunResult';
import { ToolForm } from './ToolForm';
import { type ToolWorkspace, useToolWorkspace } from './use-tool-workspace';
import './generation-styles';

type Props = { slug: GenerationSlug };

/**
 * A writing tool (spec §1, §4; DESIGN "A tool page"): the cheat sheet and the form on the left, on the right
 * the words left, the run — its stages, the text streaming in, then the result — and the tool's history.
 */
export function GenerationTool({ slug }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = Boolean(useSession());
  const [cheatSheet, setCheatSheet] = useState(readCheatSheetShown);

  function toggleCheatSheet() {
    setCheatSheet((shown) => {
      writeCheatSheetShown(!shown);
      return !shown;
    });
  }

  return (
    <section className="generation" data-testid="generation" data-slug={slug}>
      <div className="generation__input">
        <CheatSheet slug={slug} shown={cheatSheet} onToggle={toggleCheatSheet} />
        {!signedIn && (
          <p className="notice" data-testid="generation-sign-in">
            {t('generation.signIn.text')} <Link to={to('login')}>{t('generation.signIn.link')}</Link>
          </p>
        )}
      </div>
      {signedIn && <Workspace key={slug} slug={slug} />}
    </section>
  );
}

function Workspace({ slug }: Props) {
  const workspace = useToolWorkspace(slug);
  return <WorkspaceView workspace={workspace} />;
}

/** The form, and beside it the words left, the run and the history. */
function WorkspaceView({ workspace }: { workspace: ToolWorkspace }) {
  const { t } = useTranslation();
  const { runner, history } = workspace;
  return (
    <div className="generation__workspace">
      <div className="generation__form" ref={workspace.formRef}>
        <ToolForm
          slug={workspace.slug}
          values={workspace.values}
          errors={workspace.errors}
          onChange={workspace.setValues}
          onSubmit={workspace.submit}
          running={runner.running}
          topics={workspace.topics}
        />
      </div>
      <div className="generation__output">
        <QuotaIndicator />
        <RunResult
          id={workspace.resultId}
          run={runner.run}
          onCancel={runner.cancel}
          labels={{
            cancel: t('generation.form.cancel'),
            cancelled: t('generation.result.cancelled'),
            placeholder: t('generation.result.placeholder'),
          }}
        />
        <HistoryPanel
          entries={history.entries}
          status={history.status}
          error={history.error}
          activeId={runner.activeId}
          onOpen={workspace.open}
          onDelete={workspace.remove}
        />
      </div>
      {runner.limit && (
        <LimitDialog
          code={runner.limit.code}
          message={runner.limit.message}
          onClose={runner.closeLimit}
          returnFocus={workspace.startedFrom}
        />
      )}
    </div>
  );
}
